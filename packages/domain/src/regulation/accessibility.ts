// The accessibility statement's figures (ADR 032): what the law fixes, with its source beside it, and
// the facts of our own last evaluation, so the page, the API and the tests read one place.

import { addDays } from '../iso-date';

/**
 * Days the supplier has to answer a feedback about accessibility: the statement and its feedback
 * mechanism are L. 9 gennaio 2004 n. 4 (Legge Stanca) art. 3-quater, binding private suppliers over
 * €500 M turnover through art. 3 c. 1-bis (DL 76/2020); the 30 days are AgID's Linee guida
 * (Determinazione 117/2022 for private suppliers, allegato 1: model statement). Past them, or after an
 * unsatisfying answer, the person may turn to AgID.
 */
export const ACCESSIBILITY_FEEDBACK_REPLY_DAYS = 30;

/**
 * AgID's "procedura di attuazione": the complaint to the Difensore civico per il digitale after no
 * answer, or an unsatisfying one, to a feedback (L. 4/2004 art. 3-quinquies): the page says what it
 * needs (the feedback sent and its date, the answer if any) and leads to its form on form.agid.gov.it.
 */
export const AGID_ACCESSIBILITY_COMPLAINT_URL =
  'https://www.agid.gov.it/it/design-servizi/accessibilita/procedura-attuazione';

/** Our own statement's facts: the status the last evaluation found, when, and the standard. */
export const ACCESSIBILITY_STATEMENT = {
  /** AgID's three statuses: conforme, parzialmente conforme, non conforme. */
  status: 'partial',
  standard: 'WCAG 2.1 livello AA (UNI CEI EN 301549), verificato anche con i criteri WCAG 2.2 AA',
  /** Date of the last evaluation (the automated suite's run over every route plus the manual checks). */
  evaluatedOn: '2026-11-25',
  /** Date the statement was written or last reviewed; AgID asks for a yearly review by 23 September. */
  publishedOn: '2026-11-25',
} as const;

/** The day by which a feedback received on `receivedOn` must be answered. */
export function accessibilityFeedbackDueOn(receivedOn: string): string {
  return addDays(receivedOn, ACCESSIBILITY_FEEDBACK_REPLY_DAYS);
}
