// What each kind of bill is called (SPEC §9 invoice type codes), in the one set of words the web,
// the bill's PDF and the documents list all use: a bill is never "Bolletta di conguaglio" on paper
// and something else on the web.

const INVOICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Bolletta',
  2: 'Bolletta di chiusura',
  4: 'Nota di credito',
  5: 'Bolletta rata',
  8: 'Comunicazione di fatturazione',
  9: 'Bolletta di ricalcolo',
  31: 'Bolletta di conguaglio',
};

/** The name of a bill's type; a code the portal does not know reads as a bill. */
export const invoiceTypeName = (invoiceTypeCode: number): string =>
  INVOICE_TYPE_NAMES[invoiceTypeCode] ?? 'Bolletta';
