// The address service (stradario, SPEC §7): town and street search and the address check that
// decides whether a typed address is plausible enough to send (SPEC §5: passes at 50).
import type { addressService } from '@sportello/contract';
import { ADDRESS_CHECK_PASS_SCORE, isAddressCheckPassed, isPlausibleCivicNumber } from '@sportello/domain';
import type * as z from 'zod/mini';
import { fieldError, unprocessable, type AppError } from '../../http/app-error.js';
import { toSearchName } from '@sportello/db/towns/search-name';
import { streetDisplayName } from '@sportello/db/towns/street-name';
import type { AddressRepository, StreetRow, TownHit, TownRow } from './repository.js';
import { similarity } from './similarity.js';

type Town = z.infer<typeof addressService.townSchema>;
type Street = z.infer<typeof addressService.streetSchema>;
export type AddressInput = {
  city: string;
  province?: string | null | undefined;
  postalCode: string;
  streetName: string;
  civicNumber: string;
  country?: string | undefined;
};
export type AddressCheck = z.infer<typeof addressService.checkAddress.response>;

/**
 * Address-check score, 0–100, the sum of four parts:
 * - town (40): the normalised name equals a known town's → 40; else a town of similarity ≥ 0.8
 *   (typo) → 25; else 0, and the postal code and street parts are 0 too (nothing to compare with).
 *   Among several matches, one in the given province and then one listing the postal code wins.
 * - postal code (20): one of the town's known codes → 20. The public data misses some codes, so
 *   when the town has none listed, a code of no other town that shares its first two digits
 *   with a code of the province → 10. A code of another town, or a wrong one → 0.
 * - street (30): a known street of the town, exactly (with or without its type: 'Garibaldi' is
 *   'Via Garibaldi') → 30; its last whole words or a similarity ≥ 0.8 (a typo) → 15; anything
 *   else, a mere prefix ('Via G') included, → 0. Most towns
 *   have no street list: then → 10, neutral, so a right town and postal code can still pass.
 * - civic number (10): a plausible one (12, 12/A, 12 B, 7bis, SNC) → 10.
 * Three caps keep the score just below the pass mark, whatever else matches:
 * - the civic number must look like one (packages/domain civic-number): 'abc' names no door.
 * - town and postal code must agree: when the town is found but the postal code scores 0 (another
 *   town's, or not the town's). Mail is sorted by postal code, so such an address would go astray;
 *   without the cap a town and a civic number alone (40 + 10) would pass.
 * - where the town has a street list, the street must be in it (exactly, or near enough to score):
 *   a street the list does not know does not exist there. Only towns without a list take free text.
 * So a right town and postal code with a civic number passes (≥ 85 with a street list that knows
 * the street, 80 without one); a wrong town (≤ 10), a wrong postal code, an implausible civic
 * number or an unknown street of a listed town (≤ 49) never does.
 *
 * A street list is never complete (ADR 026): when the street is the only thing that failed — the
 * town named exactly, its postal code, a plausible civic number — the verdict is 'unverified'
 * rather than 'refused', and the address may be sent once the customer has confirmed it.
 */
export const SCORE = {
  townExact: 40,
  townFuzzy: 25,
  postalCodeKnown: 20,
  postalCodeProvince: 10,
  streetExact: 30,
  streetPartial: 15,
  streetUnknownList: 10,
  civicNumber: 10,
} as const;

const FUZZY_SIMILARITY = 0.8;

/** Leading words that name the kind of street ('Via', 'Piazza'…), in normalised form. */
const STREET_TYPES = new Set([
  'via',
  'viale',
  'v',
  'vle',
  'piazza',
  'p',
  'pza',
  'p zza',
  'piazzale',
  'piazzetta',
  'corso',
  'c so',
  'largo',
  'vicolo',
  'vico',
  'strada',
  'stradone',
  'contrada',
  'localita',
  'loc',
  'frazione',
  'borgo',
  'lungomare',
  'lungotevere',
  'lungarno',
  'salita',
  'traversa',
  'circonvallazione',
  'galleria',
  'rotonda',
  'calle',
  'campo',
  'fondamenta',
  'rione',
  'passaggio',
  'vialetto',
]);

/** 'via giuseppe garibaldi' → 'giuseppe garibaldi'; a name that is only a type stays as it is. */
export function withoutStreetType(searchName: string): string {
  const words = searchName.split(' ');
  for (const n of [2, 1]) {
    if (words.length > n && STREET_TYPES.has(words.slice(0, n).join(' '))) return words.slice(n).join(' ');
  }
  return searchName;
}

/** 'Via Solferino 5, 20121 Milano (MI)': the line the customer confirms and the supplier reads. */
function normalisedLine(input: AddressInput, town: TownRow): string {
  const civic = input.civicNumber.trim().replace(/\s+/g, ' ').toUpperCase();
  return `${streetDisplayName(input.streetName)} ${civic}, ${input.postalCode.trim()} ${town.name} (${town.province})`;
}

function toTownDto(t: TownHit): Town {
  return {
    tKey: t.istatCode,
    name: t.name,
    province: t.province,
    istatCode: t.istatCode,
    belfioreCode: t.belfioreCode,
    postalCodes: t.postalCodes,
  };
}

/** Prefers a town of the given province, then one that lists the postal code. */
function preferred(candidates: TownRow[], province: string | null, postalCode: string): TownRow | undefined {
  const rank = (t: TownRow) =>
    (province && t.province === province ? 2 : 0) + (t.postalCodes.includes(postalCode) ? 1 : 0);
  return [...candidates].sort((a, b) => rank(b) - rank(a))[0];
}

/** The fewest letters a street's last words need to name it ('Garibaldi' for 'Giuseppe Garibaldi'). */
const MIN_LAST_WORDS = 4;

function streetScore(typed: string, known: StreetRow[]): number {
  const bare = withoutStreetType(typed);
  let best = 0;
  for (const street of known) {
    const knownBare = withoutStreetType(street.searchName);
    if (street.searchName === typed || knownBare === bare) return SCORE.streetExact;
    // A typo of a listed name, or its last whole words. A bare prefix never counts: 'Via G' or
    // 'Via Gar' names no street, it only starts several.
    const near =
      similarity(knownBare, bare) >= FUZZY_SIMILARITY ||
      (bare.length >= MIN_LAST_WORDS && knownBare.endsWith(` ${bare}`));
    if (near) best = SCORE.streetPartial;
  }
  return best;
}

export function createAddressService(repository: AddressRepository) {
  async function scorePostalCode(town: TownRow, postalCode: string): Promise<number> {
    if (town.postalCodes.includes(postalCode)) return SCORE.postalCodeKnown;
    if (town.postalCodes.length > 0) return 0;
    if (await repository.postalCodeBelongsElsewhere(postalCode, town.istatCode)) return 0;
    const provinceCodes = await repository.provincePostalCodes(town.province);
    return provinceCodes.some((code) => code.slice(0, 2) === postalCode.slice(0, 2))
      ? SCORE.postalCodeProvince
      : 0;
  }

  /**
   * The street's score; `unknown` when the town has a street list and the typed name is neither
   * in it nor the mere start of a listed name ('Via Gar' only starts 'Via Garibaldi').
   */
  async function scoreStreet(
    town: TownRow,
    streetName: string,
  ): Promise<{ score: number; unknown: boolean }> {
    const typed = toSearchName(streetName);
    // Nothing, or only a street type ('Via'), names no street.
    if (!typed || STREET_TYPES.has(typed)) return { score: 0, unknown: false };
    const bare = withoutStreetType(typed);
    // Candidates share the first three letters of a word of the typed name without its type.
    const known = await repository.searchStreets(town.istatCode, bare.slice(0, 3), 500);
    if (known.length > 0) {
      const score = streetScore(typed, known);
      const startsKnown = known.some((street) => withoutStreetType(street.searchName).startsWith(bare));
      return { score, unknown: score === 0 && !startsKnown };
    }
    if (await repository.townHasStreets(town.istatCode)) return { score: 0, unknown: true };
    return { score: SCORE.streetUnknownList, unknown: false };
  }

  return {
    async searchTowns(stxt: string, cnt: number): Promise<Town[]> {
      const prefix = toSearchName(stxt);
      if (!prefix) return [];
      return (await repository.searchTowns(prefix, cnt)).map(toTownDto);
    },

    async searchStreets(tKey: string, stxt: string, cnt: number): Promise<Street[]> {
      const rows = await repository.searchStreets(tKey, toSearchName(stxt), cnt);
      return rows.map((s) => ({ name: s.name, postalCode: s.postalCode }));
    },

    /** Scores an address (see SCORE); only Italian addresses can be checked. */
    async check(input: AddressInput): Promise<AddressCheck> {
      const civicNumber = isPlausibleCivicNumber(input.civicNumber) ? SCORE.civicNumber : 0;
      const details = { town: 0, postalCode: 0, street: 0, civicNumber };
      const city = toSearchName(input.city);
      const province = input.province ? input.province.trim().toUpperCase() : null;
      let town: TownRow | undefined;
      if ((input.country ?? 'IT') === 'IT' && city) {
        const candidates = await repository.townCandidates(city, province);
        town = preferred(
          candidates.filter((t) => t.searchName === city),
          province,
          input.postalCode,
        );
        if (town) {
          details.town = SCORE.townExact;
        } else {
          town = preferred(
            candidates.filter((t) => similarity(t.searchName, city) >= FUZZY_SIMILARITY),
            province,
            input.postalCode,
          );
          if (town) details.town = SCORE.townFuzzy;
        }
      }
      let unknownStreet = false;
      if (town) {
        details.postalCode = await scorePostalCode(town, input.postalCode.trim());
        const street = await scoreStreet(town, input.streetName);
        details.street = street.score;
        unknownStreet = street.unknown;
      }
      const sum = details.town + details.postalCode + details.street + details.civicNumber;
      // A listed town's street must be in its list (exactly, or near enough to score).
      const streetMissing = details.street === 0 && town !== undefined && !unknownStreet;
      const capped =
        town !== undefined &&
        (details.postalCode === 0 || unknownStreet || streetMissing || details.civicNumber === 0);
      const score = capped ? Math.min(sum, ADDRESS_CHECK_PASS_SCORE - 1) : sum;
      const passed = isAddressCheckPassed(score);
      const onlyStreetUnknown =
        unknownStreet &&
        details.town === SCORE.townExact &&
        details.postalCode > 0 &&
        details.civicNumber > 0;
      const verdict = passed ? 'verified' : onlyStreetUnknown ? 'unverified' : 'refused';
      return {
        score,
        passed,
        verdict,
        normalised: town && verdict !== 'refused' ? normalisedLine(input, town) : null,
        town: town ? toTownDto(town) : null,
        details,
      };
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;

/** 422 'Indirizzo non valido', naming the civic number when that is what does not look right. */
export function addressRefused(check: AddressCheck, fieldPrefix: string): AppError {
  const errors =
    check.details.civicNumber === 0 ? [fieldError(`${fieldPrefix}civicNumber`, 'invalid_civic_number')] : [];
  return unprocessable('address_invalid', errors);
}
