// Italian personal codice fiscale (16 characters): validation and generation from personal data,
// following the Ministry of Finance algorithm (DM 23/12/1976), including omocodia variants.

import { parseIsoDate } from './iso-date';

// Omocodia: when two people would share a code, digits at positions 7,8,10,11,13,14,15 are
// replaced, right to left, by these letters (0→L … 9→V).
const OMOCODE_DIGIT = '[0-9LMNPQRSTUV]';
const MONTH_LETTERS = 'ABCDEHLMPRST';
const FISCAL_CODE = new RegExp(
  `^[A-Z]{6}${OMOCODE_DIGIT}{2}[${MONTH_LETTERS}]${OMOCODE_DIGIT}{2}[A-Z]${OMOCODE_DIGIT}{3}[A-Z]$`,
  'i',
);
const FIRST_15 = /^[A-Z0-9]{15}$/;
const BELFIORE_CODE = /^[A-Z]\d{3}$/;

// Official values for characters in odd (1-based) positions, indexed A–Z; digits 0–9 take the
// values of A–J. Even positions simply use the index itself.
const ODD_POSITION_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

function characterIndex(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65; // '0'–'9' → 0–9, 'A'–'Z' → 0–25
}

/**
 * The check letter of upper-case letters and digits: odd (1-based) positions through the table
 * above, even ones by index, the sum modulo 26 as A–Z. The codice fiscale and the Italian bank
 * account's CIN (over ABI + CAB + account number) use the same algorithm.
 */
export function oddEvenCheckLetter(upper: string): string {
  const sum = [...upper].reduce((total, char, index) => {
    const value = characterIndex(char);
    // index is 0-based, so an even index is an odd (1-based) position.
    return total + (index % 2 === 0 ? (ODD_POSITION_VALUES[value] ?? 0) : value);
  }, 0);
  return String.fromCharCode(65 + (sum % 26));
}

/** The 16th (control) character for the first 15 characters of a codice fiscale. */
export function fiscalCodeCheckChar(first15: string): string {
  const upper = first15.toUpperCase();
  if (!FIRST_15.test(upper)) throw new RangeError(`Expected 15 letters or digits, got: ${first15}`);
  return oddEvenCheckLetter(upper);
}

/** Omocodia letters back to the digits they replace (L→0 … V→9). */
const undoOmocodia = (text: string) => text.replace(/[L-V]/g, (c) => String('LMNPQRSTUV'.indexOf(c)));

/**
 * Whether the code's birth date can exist: day 1–31 (men) or 41–71 (women, day + 40) and a real
 * calendar date. The year has two digits, so 29 February is possible in every year divisible by 4
 * (1900 was no leap year, but 2000 was, and the century is not in the code).
 */
function hasPossibleBirthDate(upper: string): boolean {
  const year = 2000 + Number(undoOmocodia(upper.slice(6, 8)));
  const month = MONTH_LETTERS.indexOf(upper[8]!);
  const coded = Number(undoOmocodia(upper.slice(9, 11)));
  const day = coded > 40 ? coded - 40 : coded;
  if (coded < 1 || (coded > 31 && coded < 41) || coded > 71) return false;
  return new Date(Date.UTC(year, month, day)).getUTCDate() === day;
}

/** Personal (16-character) codice fiscale, case-insensitive. Companies: see isValidCompanyFiscalCode. */
export function isValidFiscalCode(value: string): boolean {
  if (!FISCAL_CODE.test(value)) return false;
  const upper = value.toUpperCase();
  return hasPossibleBirthDate(upper) && fiscalCodeCheckChar(upper.slice(0, 15)) === upper.slice(15);
}

export interface FiscalCodeInput {
  surname: string;
  name: string;
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'M' | 'F';
  /** Cadastral code of the birth municipality (e.g. H501 Roma) or Z-code of the foreign country. */
  belfioreCode: string;
}

/** Upper-case A–Z only: accents dropped (Nicolò → NICOLO), apostrophes and spaces removed. */
function lettersOf(text: string): string {
  return text
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

function splitLetters(text: string): { consonants: string; vowels: string } {
  const letters = lettersOf(text);
  return {
    consonants: letters.replace(/[AEIOU]/g, ''),
    vowels: letters.replace(/[^AEIOU]/g, ''),
  };
}

/** Consonants first, then vowels, padded with X when the name is too short. */
function threeLetters({ consonants, vowels }: { consonants: string; vowels: string }): string {
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

function nameLetters(name: string): string {
  const split = splitLetters(name);
  const { consonants } = split;
  // With four or more consonants the second is skipped (GIANFRANCO → GFR).
  return consonants.length >= 4 ? `${consonants[0]}${consonants[2]}${consonants[3]}` : threeLetters(split);
}

export function buildFiscalCode(p: FiscalCodeInput): string {
  const belfiore = p.belfioreCode.toUpperCase();
  if (!BELFIORE_CODE.test(belfiore)) throw new RangeError(`Invalid Belfiore code: ${p.belfioreCode}`);
  const { year, month, day } = parseIsoDate(p.birthDate);
  const first15 = [
    threeLetters(splitLetters(p.surname)),
    nameLetters(p.name),
    String(year % 100).padStart(2, '0'),
    MONTH_LETTERS[month - 1],
    // Women's birth day is increased by 40 so the sex can be read from the code.
    String(p.sex === 'F' ? day + 40 : day).padStart(2, '0'),
    belfiore,
  ].join('');
  return first15 + fiscalCodeCheckChar(first15);
}
