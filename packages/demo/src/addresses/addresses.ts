// Addresses in real municipalities (from `towns`) on common street names, and the `streets`
// rows that make those streets findable by the address service.
import type { InferInsertModel } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import type { ShippingAddress, streets } from '@sportello/db/schema';
import { towns } from '@sportello/db/schema';
import { toSearchName } from '@sportello/db/towns/search-name';
import { STREET_NAMES } from '../customers/names.js';
import { hashSeed, type Rng } from '../engine/prng.js';

export interface Town {
  istatCode: string;
  name: string;
  province: string;
  belfioreCode: string;
  postalCodes: readonly string[];
}

export interface Address {
  street: string;
  civicNumber: string;
  civicNumberExt: string | null;
  postalCode: string;
  town: Town;
}

// Provincial capitals and large towns: most generated customers live in one of them, as most
// Italians live in cities, and a few in any municipality so the long tail is exercised too.
const LARGE_TOWNS = [
  '058091',
  '015146',
  '001272',
  '037006',
  '048017',
  '023091',
  '063049',
  '036023',
  '040012',
  '010025',
  '072006',
  '028060',
  '082053',
  '017029',
  '016024',
  '034027',
  '054039',
  '092009',
  '087015',
  '032006',
  '027042',
  '065116',
  '068028',
  '042002',
  '075035',
  '022205',
  '013075',
  '099014',
  '035033',
  '062070',
];

export class TownIndex {
  private readonly byCode = new Map<string, Town>();
  private readonly withPostalCodes: Town[];
  private readonly large: Town[];

  constructor(list: readonly Town[]) {
    for (const town of list) this.byCode.set(town.istatCode, town);
    // A town imported only from ISTAT's CSV may have no postal code; an address needs one.
    this.withPostalCodes = list.filter((t) => t.postalCodes.length > 0);
    this.large = LARGE_TOWNS.map((code) => this.byCode.get(code)).filter((t): t is Town => t !== undefined);
    if (this.withPostalCodes.length === 0) throw new Error('towns is empty: import the towns first');
  }

  static async load(db: Db): Promise<TownIndex> {
    const rows = await db
      .select({
        istatCode: towns.istatCode,
        name: towns.name,
        province: towns.province,
        belfioreCode: towns.belfioreCode,
        postalCodes: towns.postalCodes,
      })
      .from(towns)
      .orderBy(towns.istatCode);
    return new TownIndex(rows);
  }

  get(istatCode: string): Town {
    const town = this.byCode.get(istatCode);
    if (!town || town.postalCodes.length === 0)
      throw new Error(`town ${istatCode} missing or without postal code`);
    return town;
  }

  pick(rng: Rng): Town {
    return rng.chance(0.7) && this.large.length > 0 ? rng.pick(this.large) : rng.pick(this.withPostalCodes);
  }
}

/**
 * A street keeps one postal code within its town (derived from the names, not from the stream),
 * so every address on "Via Roma, Milano" agrees with the `streets` row of Via Roma.
 */
function streetPostalCode(town: Town, street: string): string {
  const codes = town.postalCodes;
  return codes[hashSeed(town.istatCode, street) % codes.length] as string;
}

export function pickAddress(rng: Rng, town: Town, street: string = rng.pick(STREET_NAMES)): Address {
  return {
    street,
    civicNumber: String(rng.chance(0.6) ? rng.int(1, 60) : rng.int(61, 250)),
    civicNumberExt: rng.chance(0.1) ? rng.pick(['A', 'B', 'bis', '/1']) : null,
    postalCode: streetPostalCode(town, street),
    town,
  };
}

export function addressLine(a: Address): string {
  const ext = a.civicNumberExt
    ? a.civicNumberExt.startsWith('/')
      ? a.civicNumberExt
      : ` ${a.civicNumberExt}`
    : '';
  return `${a.street} ${a.civicNumber}${ext}`;
}

export function shippingAddress(a: Address, rng: Rng): ShippingAddress {
  const [generic, ...rest] = a.street.split(' ');
  return {
    streetGeneric: generic ?? null,
    streetName: rest.join(' '),
    civicNumber: a.civicNumber,
    civicNumberExt: a.civicNumberExt,
    city: a.town.name,
    province: a.town.province,
    postalCode: a.postalCode,
    locality: null,
    istatCode: a.town.istatCode,
    country: 'IT',
    floor: rng.chance(0.5) ? String(rng.int(0, 6)) : null,
    building: rng.chance(0.15) ? rng.pick(['A', 'B', 'C']) : null,
    flatNumber: rng.chance(0.3) ? String(rng.int(1, 24)) : null,
  };
}

/** Remembers the towns addresses were drawn in and yields each town's street list once. */
export class StreetRegistry {
  private readonly seen = new Set<string>();

  take(town: Town): InferInsertModel<typeof streets>[] {
    if (this.seen.has(town.istatCode)) return [];
    this.seen.add(town.istatCode);
    return STREET_NAMES.map((name) => ({
      townIstatCode: town.istatCode,
      name,
      searchName: toSearchName(name),
      postalCode: streetPostalCode(town, name),
    }));
  }
}
