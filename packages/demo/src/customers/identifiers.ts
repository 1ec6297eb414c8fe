// Codes that must look real and pass the checks the portal applies: fiscal codes and VAT numbers
// (via @sportello/domain), IBANs, supply point codes, phone numbers.
import { buildFiscalCode, italianCin, vatCheckDigit } from '@sportello/domain';
import type { Rng } from '../engine/prng.js';

export { buildFiscalCode };

/**
 * A partita IVA: 7-digit company number, 3-digit provincial office code, check digit.
 * `leading` '9' gives the numeric fiscal code of a non-commercial body such as a condominium.
 */
export function vatNumber(rng: Rng, leading = ''): string {
  const body = (leading + rng.digits(7)).slice(0, 7).padStart(7, '0');
  const office = String(rng.int(1, 100)).padStart(3, '0');
  return body + office + vatCheckDigit(body + office);
}

// Real ABI bank codes with their BICs, so the IBANs name plausible banks; account numbers are invented.
const BANKS = [
  { abi: '03069', bic: 'BCITITMM' },
  { abi: '02008', bic: 'UNCRITMM' },
  { abi: '05034', bic: 'BAPPIT21' },
  { abi: '01030', bic: 'PASCITMM' },
  { abi: '03032', bic: 'BACRIT22' },
  { abi: '05696', bic: 'POSOIT22' },
] as const;

/** ISO 7064 mod 97 of a long numeric string, a few digits at a time to stay within safe integers. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** ISO 13616 check digits: move country + "00" to the end, letters to 10–35, 98 − mod 97. */
export function ibanCheckDigits(country: string, bban: string): string {
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98 - mod97(numeric)).padStart(2, '0');
}

export function italianIban(rng: Rng): { iban: string; bic: string } {
  const bank = rng.pick(BANKS);
  const abiCabAccount = bank.abi + rng.digits(5) + rng.digits(12);
  const bban = italianCin(abiCabAccount) + abiCabAccount;
  return { iban: `IT${ibanCheckDigits('IT', bban)}${bban}`, bic: bank.bic };
}

/**
 * Point codes must be unique across the whole database. Multiplying a running number by a
 * constant coprime with 10^n is a bijection modulo 10^n: unique, yet it does not look sequential.
 */
function scramble(n: number, width: number, multiplier: number): string {
  // The offset keeps small running numbers from giving codes full of leading zeros; BigInt
  // because a 14-digit PDR times the multiplier would lose digits in a double.
  const product = (BigInt(n + 7_654_321) * BigInt(multiplier)) % 10n ** BigInt(width);
  return String(product).padStart(width, '0');
}

export const pointCode = {
  /** Electricity POD: IT, distributor 001, E, 8 digits. */
  electricity: (n: number) => `IT001E${scramble(n, 8, 7_919_773)}`,
  /** Gas PDR: 14 digits. */
  gas: (n: number) => scramble(n, 14, 73_939_133),
  /** District-heating plant/user code. */
  heat: (n: number) => `TLR${scramble(n, 7, 3_333_337)}`,
} as const;

export function mobilePhone(rng: Rng): string {
  return `3${rng.pick(['20', '28', '31', '33', '35', '38', '39', '40', '45', '47', '49', '66'])}${rng.digits(7)}`;
}

export function landlinePhone(rng: Rng, province: string): string {
  const prefix: Record<string, string> = {
    RM: '06',
    MI: '02',
    TO: '011',
    NA: '081',
    BO: '051',
    FI: '055',
    GE: '010',
  };
  return `${prefix[province] ?? `0${rng.int(30, 99)}`}${rng.digits(6)}`;
}

/** "Maria D'Angelo" → "maria.dangelo"; only example.it/example.com domains are ever used. */
export function emailLocalPart(...parts: readonly string[]): string {
  return parts
    .map((p) =>
      p
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .filter(Boolean)
    .join('.');
}
