// Where an entry link leads (SPEC §4 "Link entry"): the module id decides the page; an invoice link
// leads to the list, one invoice's page or its document, by how many invoices and of which type.

/** Invoice types that open the invoice page (SPEC §9); any other type downloads the document. */
export const INVOICE_PAGE_TYPE_CODES: readonly number[] = [1, 2, 4, 5, 31, 9];

export type InvoiceLinkPage = 'invoices' | 'invoice' | 'document';

export function invoiceLinkPage(invoiceTypeCodes: readonly number[]): InvoiceLinkPage {
  if (invoiceTypeCodes.length !== 1) return 'invoices';
  return INVOICE_PAGE_TYPE_CODES.includes(invoiceTypeCodes[0]!) ? 'invoice' : 'document';
}

/** Guests (a session opened from a link) may follow only modules 4 to 9 (SPEC §6). */
export function isGuestLinkModule(moduleId: number): boolean {
  return Number.isInteger(moduleId) && moduleId >= 4 && moduleId <= 9;
}
