// Rules of a customer's self-reading: the window it may be sent in, the register values
// it carries, and whether the consumption it implies is plausible against the meter's history.
// Pure: the server applies them, the web uses the same ones to warn before sending.

/** Registers of Italian meters show at most 8 integer digits. */
export const READING_MAX_DIGITS = 8;

/** A photo of the meter, decoded, at most this many bytes (the request body limit is 1 MiB). */
export const READING_PHOTO_MAX_BYTES = 700 * 1024;

export type RegisterProblem = 'required' | 'digits_only' | 'too_many_digits';

/** What is wrong with one typed register value, or null when it is a reading at all. */
export function registerProblem(typed: string): RegisterProblem | null {
  const value = typed.trim();
  if (value === '') return 'required';
  if (!/^\d+$/.test(value)) return 'digits_only';
  if (value.length > READING_MAX_DIGITS) return 'too_many_digits';
  return null;
}

export interface ReadingWindow {
  opensOn: string;
  closesOn: string;
}

/** Open on both end days, in Europe/Rome dates (`today` is the caller's Rome date). */
export function isWindowOpen(window: ReadingWindow, today: string): boolean {
  return window.opensOn <= today && today <= window.closesOn;
}

const MS_PER_DAY = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / MS_PER_DAY;

/** A register's last known value and the daily use its history shows (units per day). */
export interface RegisterHistory {
  lastValue: number;
  lastDate: string;
  /** Average units per day over the history; null when there is too little to tell. */
  dailyUse: number | null;
}

/**
 * Daily use from two readings of a register, oldest first; null with fewer than two or no days
 * between them (a replaced meter resets the register: a negative delta tells nothing).
 */
export function dailyUseBetween(
  first: { date: string; value: number },
  last: { date: string; value: number },
) {
  const days = daysBetween(first.date, last.date);
  const used = last.value - first.value;
  return days > 0 && used >= 0 ? used / days : null;
}

/** Use up to three times the expected one, and never less than this many units, passes. */
const PLAUSIBLE_FACTOR = 3;
const PLAUSIBLE_FLOOR_UNITS = 50;
const IMPOSSIBLE_FACTOR = 100;

export interface Plausibility {
  plausible: boolean;
  /**
   * False when no meter could have turned that far: more than IMPOSSIBLE_FACTOR times the expected
   * use (a mistyped 99.999.999 after 25.000). Refused outright, not offered for confirmation.
   */
  possible: boolean;
  /** Units the reading adds since the last one. */
  consumption: number;
  /** Units the history leads to expect by `date` (null when the history says nothing). */
  expected: number | null;
}

/**
 * A value is implausible when it implies far more use than the history: more than three times the
 * expected, with a floor so a short gap or an empty house does not raise alarms. A value lower than
 * the last is a separate rule (meter replaced or rolled over), not judged here.
 */
export function plausibility(history: RegisterHistory, value: number, date: string): Plausibility {
  const consumption = value - history.lastValue;
  if (history.dailyUse === null) return { plausible: true, possible: true, consumption, expected: null };
  const expected = Math.round(history.dailyUse * Math.max(1, daysBetween(history.lastDate, date)));
  const limit = Math.max(expected * PLAUSIBLE_FACTOR, expected + PLAUSIBLE_FLOOR_UNITS);
  const possible = consumption <= Math.max(expected, PLAUSIBLE_FLOOR_UNITS) * IMPOSSIBLE_FACTOR;
  return { plausible: consumption <= limit, possible, consumption, expected };
}
