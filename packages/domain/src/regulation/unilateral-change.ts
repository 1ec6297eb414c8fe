// A unilateral change of an offer's conditions ("variazione unilaterale", ADR 032): ARERA's Codice di
// condotta commerciale (Allegato A to delibera 426/2020/R/com), art. 13: the supplier writes to the
// customer apart from the bill at least three months before the change applies, and the customer who
// does not accept it may withdraw (switch supplier) without charges. Art. 14: €30 automatic
// compensation when the notice is late or incomplete. A legal notice, not marketing: it reaches the
// customer whatever the commercial-notification flag says.

import { addDays, parseIsoDate, toIsoDate } from '../iso-date';

/** Minimum notice before the change applies (Codice di condotta commerciale, art. 13). */
export const UNILATERAL_CHANGE_NOTICE_MONTHS = 3;
/** Automatic compensation when the notice breaks art. 13 (Codice di condotta commerciale, art. 14). */
export const UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS = 3000;

/** The same day `months` later, the month's last day when it has no such day (31 → 30/28). */
function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const index = year * 12 + (month - 1) + months;
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  const lastDay = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  return toIsoDate({ ...target, day: Math.min(day, lastDay) });
}

/** The first day a change notified on `noticeOn` may apply. */
export function earliestChangeDate(noticeOn: string): string {
  return addMonths(noticeOn, UNILATERAL_CHANGE_NOTICE_MONTHS);
}

/** Whether a change applying on `effectiveOn` was notified in time. */
export function isNoticeInTime(noticeOn: string, effectiveOn: string): boolean {
  return effectiveOn >= earliestChangeDate(noticeOn);
}

/** One day of use: its date (YYYY-MM-DD) and quantity (kWh or Smc). */
export interface DailyUse {
  date: string;
  quantity: number;
}

export interface UnilateralChangeEstimate {
  /** The use counted: the last 12 months before `today`, in the supply's unit. */
  quantity: number;
  /** Days of those 12 months that had a figure; fewer than 365 when the supply is younger. */
  daysCounted: number;
  /** Yearly effect of the new price on that use, in cents (positive: the customer pays more). */
  yearlyEffectCents: number;
  /** The customer may switch without charges from the notice until the change applies. */
  penaltyFreeFrom: string;
  penaltyFreeUntil: string;
}

/**
 * The customer's own estimate of a price change: the use of the 365 days before `today` (the clock
 * is the caller's) times the change of the unit price (cents per unit, may be fractional), rounded
 * to the cent; scaled up to a year by the days that have a figure when fewer than 365 do. Null
 * without any use.
 */
export function estimateUnilateralChange(input: {
  uses: readonly DailyUse[];
  oldUnitPriceCents: number;
  newUnitPriceCents: number;
  noticeOn: string;
  effectiveOn: string;
  today: string;
}): UnilateralChangeEstimate | null {
  const from = addDays(input.today, -365);
  const counted = input.uses.filter((use) => use.date >= from && use.date < input.today);
  if (counted.length === 0) return null;
  const quantity = counted.reduce((sum, use) => sum + use.quantity, 0);
  const days = new Set(counted.map((use) => use.date)).size;
  const yearly = (quantity * 365) / days;
  return {
    quantity,
    daysCounted: days,
    yearlyEffectCents: Math.round(yearly * (input.newUnitPriceCents - input.oldUnitPriceCents)),
    penaltyFreeFrom: input.noticeOn,
    penaltyFreeUntil: addDays(input.effectiveOn, -1),
  };
}
