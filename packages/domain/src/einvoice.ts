// Every Italian bill is an electronic invoice (FatturaPA) sent through the Sistema di Interscambio
// (SdI, DPR 633/1972 art. 21 and L. 205/2017 art. 1 c. 909, ADR 067): the PDF the portal draws is its
// courtesy copy, and says so; the XML is what the customer's accounts keep. A business customer says
// where the SdI delivers it: its recipient code, or its PEC.
import { billDocument } from './bill-figures';
import { documentFileName } from './format';
import { isValidEmail } from './text-validators';

/** The recipient code of one who receives by PEC or in its fiscal drawer (Provvedimento AdE 89757/2018). */
export const NO_RECIPIENT_CODE = '0000000';

/**
 * What the courtesy copy says of itself: the electronic invoice went through the SdI, with the
 * identifier the SdI gave it once the ERP sent it.
 */
export function courtesyCopyText(sdiId: string | null): string {
  return sdiId
    ? `Copia di cortesia: la fattura elettronica è stata trasmessa tramite il Sistema di Interscambio (SdI), identificativo ${sdiId}.`
    : 'Copia di cortesia: la fattura elettronica è trasmessa tramite il Sistema di Interscambio (SdI).';
}

/** The downloaded XML's name: the bill's document title, as its PDF is named, with `.xml`. */
export function eInvoiceFileName(bill: {
  invoiceTypeCode: number;
  number: string;
  issueDate: string;
}): string {
  return documentFileName(`${billDocument(bill).title} - fattura elettronica`, 'xml');
}

/** A recipient code (codice destinatario): 7 letters or digits, upper case. */
export function isValidRecipientCode(code: string): boolean {
  return /^[A-Z0-9]{7}$/.test(code);
}

/** The code as saved: upper case, and 0000000 when none is given (the PEC then says where). */
export function normalizeRecipientCode(code: string | null): string {
  return (code ?? '').trim().toUpperCase() || NO_RECIPIENT_CODE;
}

/** Why a recipient code (normalized) and PEC cannot be saved, field by field (empty: they can). */
export function eInvoiceRecipientErrors(recipient: {
  recipientCode: string;
  pec: string | null;
}): { field: 'recipientCode' | 'pec'; code: 'invalid_recipient_code' | 'invalid_pec' | 'pec_required' }[] {
  const errors: ReturnType<typeof eInvoiceRecipientErrors> = [];
  if (!isValidRecipientCode(recipient.recipientCode))
    errors.push({ field: 'recipientCode', code: 'invalid_recipient_code' });
  if (recipient.pec !== null && !isValidEmail(recipient.pec))
    errors.push({ field: 'pec', code: 'invalid_pec' });
  // 0000000 names no channel: the SdI would deliver to the fiscal drawer, the PEC is where it goes.
  if (recipient.recipientCode === NO_RECIPIENT_CODE && recipient.pec === null)
    errors.push({ field: 'pec', code: 'pec_required' });
  return errors;
}
