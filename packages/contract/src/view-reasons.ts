// Why the customer service looks at a customer's portal (ADR 043): what the console offers and what
// the customer reads in the profile, in one wording. Apart from the staff calls, so the customer's
// pages carry the words and none of the console's calls.
export const VIEW_REASONS = ['call', 'bill', 'payment', 'reading', 'request', 'technical'] as const;
export type ViewReason = (typeof VIEW_REASONS)[number];

export const VIEW_REASON_LABELS: Record<ViewReason, string> = {
  call: 'assistenza durante una chiamata',
  bill: 'verifica di una bolletta',
  payment: 'verifica di un pagamento',
  reading: 'verifica di letture o consumi',
  request: 'verifica di una richiesta o di un reclamo',
  technical: 'un problema del portale segnalato',
};

/** The operator's optional detail, which the customer reads too. */
export const VIEW_NOTE_MAX = 200;
