// Complaints and their clocks under ARERA's TIQV (Testo integrato della qualità dei servizi di vendita,
// Allegato A to delibera 399/2025/R/com, in force from 1 January 2026; it replaced the text of
// 413/2016/R/com). Articles are cited by the 413/2016 numbering we could read; the 2026 figures come
// from published summaries of 399/2025, not from its consolidated text (ADR 030 says what is uncertain).
import { addDays, parseIsoDate, toIsoDate } from '../iso-date';
import { todayInRome } from '../rome-time';

/** Standard for a reasoned written reply to a written complaint, whatever its category: 30 calendar days (413/2016 art. 4; unchanged in 2026). */
export const TIQV_REPLY_DAYS = 30;

/**
 * Standards for rectifying a bill a complaint shows wrong, counted like the reply from the day the
 * complaint is received, on a clock of its own: 60 calendar days for a bill (413/2016 art. 5; 90 for
 * four-monthly bills, which we do not issue), 15 for a double billing (art. 6; 20 before 399/2025).
 */
export const TIQV_RECTIFICATION_DAYS = { bill: 60, double_billing: 15 } as const;
export type RectificationKind = keyof typeof TIQV_RECTIFICATION_DAYS;

/**
 * The complaint categories we offer, after the TIQV's classification of written complaints (art. 10 of
 * 413/2016, kept in the 2026 text). Every one is replied to within TIQV_REPLY_DAYS. `rectification`:
 * the billing ones may end in a rectified bill, with its own clock (readings and estimates are billing
 * matters in the TIQV's classification). `suspendsCollection`: collection of the bills the complaint
 * concerns waits until it is settled (399/2025 on reading/estimate errors and anomalous amounts, our
 * reading of the summaries; Legge 205/2017 art. 1 c. 5 for adjustments older than two years).
 * `needsBill`: the form asks which bill; a readings complaint concerns every bill still owed on the supply.
 */
export const COMPLAINT_CATEGORIES = {
  billing: {
    label: 'Fatturazione e importi',
    rectification: 'bill',
    needsBill: true,
    suspendsCollection: true,
  },
  rectification: {
    label: 'Bolletta errata da rettificare',
    rectification: 'bill',
    needsBill: true,
    suspendsCollection: true,
  },
  double_billing: {
    label: 'Doppia fatturazione',
    rectification: 'double_billing',
    needsBill: true,
    suspendsCollection: true,
  },
  metering: { label: 'Letture e misura', rectification: 'bill', needsBill: false, suspendsCollection: true },
  prescription: {
    label: 'Prescrizione di importi oltre due anni',
    rectification: 'bill',
    needsBill: true,
    suspendsCollection: true,
  },
  contract: {
    label: 'Contratto e offerta',
    rectification: null,
    needsBill: false,
    suspendsCollection: false,
  },
  arrears: {
    label: 'Morosità e sospensione',
    rectification: null,
    needsBill: false,
    suspendsCollection: false,
  },
  market: { label: 'Cambio fornitore', rectification: null, needsBill: false, suspendsCollection: false },
  bonus: { label: 'Bonus sociale', rectification: null, needsBill: false, suspendsCollection: false },
  service: {
    label: 'Qualità del servizio clienti',
    rectification: null,
    needsBill: false,
    suspendsCollection: false,
  },
  other: { label: 'Altro', rectification: null, needsBill: false, suspendsCollection: false },
} as const satisfies Record<
  string,
  { label: string; rectification: RectificationKind | null; needsBill: boolean; suspendsCollection: boolean }
>;

export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORIES;
export const COMPLAINT_CATEGORY_CODES = Object.keys(COMPLAINT_CATEGORIES) as [
  ComplaintCategory,
  ...ComplaintCategory[],
];

/** Days of the category's rectification clock, null where it has none. */
export function rectificationDays(category: ComplaintCategory): number | null {
  const kind: RectificationKind | null = COMPLAINT_CATEGORIES[category].rectification;
  return kind === null ? null : TIQV_RECTIFICATION_DAYS[kind];
}

/**
 * Automatic compensation (413/2016 art. 15 and 18, amounts of 399/2025), for each standard missed: 30 €
 * when done after the standard but within twice it, 60 € within three times it, 90 € beyond.
 * (25/50/75 € until 31 December 2025.)
 */
export const TIQV_COMPENSATION_CENTS = { base: 3000, double: 6000, triple: 9000 } as const;

/** The compensation is credited on the first useful bill, at the latest within this many days of filing (413/2016 art. 19: first useful bill, within six months). */
export const COMPENSATION_CREDIT_WITHIN_DAYS = 180;

/** Complaints and their answers are kept verifiable for at least three years (399/2025 as
 * summarised; we delete none, and show the customer the date until which it is kept at least). */
export const COMPLAINT_RETENTION_YEARS = 3;

/** The days (Europe/Rome) a complaint filed at `filedAt` must be replied to and, where its category has that clock, its bill rectified by. */
export function complaintDueDates(
  category: ComplaintCategory,
  filedAt: Date,
): { reply: string; rectification: string | null } {
  const filed = todayInRome(filedAt);
  const rectification = rectificationDays(category);
  return {
    reply: addDays(filed, TIQV_REPLY_DAYS),
    rectification: rectification === null ? null : addDays(filed, rectification),
  };
}

/** Calendar days from one ISO date to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const d = parseIsoDate(iso);
    return Date.UTC(d.year, d.month - 1, d.day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** Calendar days left to the due date at `now` (0 on the due day, negative once past). */
export function daysToAnswer(dueDate: string, now: Date): number {
  return daysBetween(todayInRome(now), dueDate);
}

/**
 * The automatic compensation one clock owes: nothing while what it times is (or can still be) done
 * within `standardDays` of filing; else by how long it took (or has taken so far, if not done yet)
 * measured in multiples of the standard.
 */
export function lateCompensationCents(
  standardDays: number,
  filedAt: Date,
  doneAt: Date | null,
  now: Date,
): number {
  const elapsed = daysBetween(todayInRome(filedAt), todayInRome(doneAt ?? now));
  if (elapsed <= standardDays) return 0;
  if (elapsed <= 2 * standardDays) return TIQV_COMPENSATION_CENTS.base;
  if (elapsed <= 3 * standardDays) return TIQV_COMPENSATION_CENTS.double;
  return TIQV_COMPENSATION_CENTS.triple;
}

/** Where a complaint's rectification stands: still due, made on a day, or found not due (the bill was right). */
export type RectificationState =
  { outcome: 'pending' } | { outcome: 'rectified'; at: Date } | { outcome: 'not_due'; at: Date };

/**
 * The automatic compensation each clock of a complaint owes, and their sum: the reply's, and the
 * rectification's where the category has that clock (none once found not due). The one place these
 * figures are computed.
 */
export function complaintCompensation(
  category: ComplaintCategory,
  filedAt: Date,
  answeredAt: Date | null,
  rectification: RectificationState,
  now: Date,
): { replyCents: number; rectificationCents: number | null; totalCents: number } {
  const replyCents = lateCompensationCents(TIQV_REPLY_DAYS, filedAt, answeredAt, now);
  const days = rectificationDays(category);
  const rectificationCents =
    days === null
      ? null
      : rectification.outcome === 'not_due'
        ? 0
        : lateCompensationCents(
            days,
            filedAt,
            rectification.outcome === 'rectified' ? rectification.at : null,
            now,
          );
  return { replyCents, rectificationCents, totalCents: replyCents + (rectificationCents ?? 0) };
}

/** The day until which a complaint filed at `filedAt` is kept at least. */
export function complaintKeptUntil(filedAt: Date): string {
  const filed = parseIsoDate(todayInRome(filedAt));
  const day = filed.month === 2 && filed.day === 29 ? 28 : filed.day;
  return toIsoDate({ year: filed.year + COMPLAINT_RETENTION_YEARS, month: filed.month, day });
}
