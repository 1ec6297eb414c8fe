// Complaints and their clocks under ARERA's TIQV (Testo integrato della qualità dei servizi di vendita,
// Allegato A to delibera 399/2025/R/com, in force from 1 January 2026; it replaced the text of
// 413/2016/R/com). Articles are cited by the 413/2016 numbering we could read; the 2026 figures come
// from published summaries of 399/2025, not from its consolidated text (ADR 030 says what is uncertain).
import { addDays, parseIsoDate, toIsoDate } from '../iso-date';
import { todayInRome } from '../rome-time';

/** Standard for a reasoned written reply to a written complaint: 30 calendar days (413/2016 art. 4; unchanged in 2026). */
const REPLY_DAYS = 30;
/** Standard for a billing rectification: 60 calendar days (90 for four-monthly bills; 413/2016 art. 5, 399/2025). */
const RECTIFICATION_DAYS = 60;
/** Standard for rectifying a double billing: 15 calendar days (413/2016 art. 6; 20 before 399/2025). */
const DOUBLE_BILLING_DAYS = 15;

/**
 * The complaint categories we offer, after the TIQV's classification of written complaints (art. 10 of
 * 413/2016, kept in the 2026 text): contract, arrears and disconnection, market, billing, metering,
 * connections and technical quality, social bonus, commercial quality, other. `days` is the standard
 * the category is answered within; `suspendsCollection`: collection of the disputed bill waits for the
 * answer (399/2025 on reading/estimate errors and anomalous amounts, our reading of the summaries; Legge 205/2017 art. 1 c. 5 for
 * adjustments older than two years).
 */
export const COMPLAINT_CATEGORIES = {
  billing: { label: 'Fatturazione e importi', days: REPLY_DAYS, needsBill: true, suspendsCollection: true },
  rectification: {
    label: 'Bolletta errata da rettificare',
    days: RECTIFICATION_DAYS,
    needsBill: true,
    suspendsCollection: true,
  },
  double_billing: {
    label: 'Doppia fatturazione',
    days: DOUBLE_BILLING_DAYS,
    needsBill: true,
    suspendsCollection: true,
  },
  metering: { label: 'Letture e misura', days: REPLY_DAYS, needsBill: false, suspendsCollection: true },
  prescription: {
    label: 'Prescrizione di importi oltre due anni',
    days: REPLY_DAYS,
    needsBill: true,
    suspendsCollection: true,
  },
  contract: { label: 'Contratto e offerta', days: REPLY_DAYS, needsBill: false, suspendsCollection: false },
  arrears: { label: 'Morosità e sospensione', days: REPLY_DAYS, needsBill: false, suspendsCollection: false },
  market: { label: 'Cambio fornitore', days: REPLY_DAYS, needsBill: false, suspendsCollection: false },
  bonus: { label: 'Bonus sociale', days: REPLY_DAYS, needsBill: false, suspendsCollection: false },
  service: {
    label: 'Qualità del servizio clienti',
    days: REPLY_DAYS,
    needsBill: false,
    suspendsCollection: false,
  },
  other: { label: 'Altro', days: REPLY_DAYS, needsBill: false, suspendsCollection: false },
} as const satisfies Record<
  string,
  { label: string; days: number; needsBill: boolean; suspendsCollection: boolean }
>;

export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORIES;
export const COMPLAINT_CATEGORY_CODES = Object.keys(COMPLAINT_CATEGORIES) as [
  ComplaintCategory,
  ...ComplaintCategory[],
];

/**
 * Automatic compensation (413/2016 art. 15 and 18, amounts of 399/2025): 30 € when the answer comes after the standard but
 * within twice it, 60 € within three times it, 90 € beyond. (25/50/75 € until 31 December 2025.)
 */
export const TIQV_COMPENSATION_CENTS = { base: 3000, double: 6000, triple: 9000 } as const;

/** The compensation is credited on the first useful bill, at the latest within this many days of filing (413/2016 art. 19: first useful bill, within six months). */
export const COMPENSATION_CREDIT_WITHIN_DAYS = 180;

/** Complaints and their answers are kept verifiable for at least three years (399/2025 as
 * summarised; we delete none, and show the customer the date until which it is kept at least). */
export const COMPLAINT_RETENTION_YEARS = 3;

/** The day (Europe/Rome) a complaint filed at `filedAt` must be answered by. */
export function complaintDueDate(category: ComplaintCategory, filedAt: Date): string {
  return addDays(todayInRome(filedAt), COMPLAINT_CATEGORIES[category].days);
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
 * The automatic compensation owed for a complaint: nothing while the answer is (or can still be)
 * within the standard; else by how long the answer took (or has taken so far, if none yet) measured
 * in multiples of the standard. The one place this figure is computed.
 */
export function complaintCompensationCents(
  category: ComplaintCategory,
  filedAt: Date,
  answeredAt: Date | null,
  now: Date,
): number {
  const standard = COMPLAINT_CATEGORIES[category].days;
  const elapsed = daysBetween(todayInRome(filedAt), todayInRome(answeredAt ?? now));
  if (elapsed <= standard) return 0;
  if (elapsed <= 2 * standard) return TIQV_COMPENSATION_CENTS.base;
  if (elapsed <= 3 * standard) return TIQV_COMPENSATION_CENTS.double;
  return TIQV_COMPENSATION_CENTS.triple;
}

/** The day until which a complaint filed at `filedAt` is kept at least. */
export function complaintKeptUntil(filedAt: Date): string {
  const filed = parseIsoDate(todayInRome(filedAt));
  const day = filed.month === 2 && filed.day === 29 ? 28 : filed.day;
  return toIsoDate({ year: filed.year + COMPLAINT_RETENTION_YEARS, month: filed.month, day });
}
