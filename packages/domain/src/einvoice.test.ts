import { describe, expect, it } from 'vitest';
import {
  courtesyCopyText,
  eInvoiceFileName,
  eInvoiceRecipientErrors,
  normalizeRecipientCode,
} from './einvoice';

describe('the courtesy copy', () => {
  it('names the SdI identifier when there is one', () => {
    expect(courtesyCopyText('1202600000042')).toBe(
      'Copia di cortesia: la fattura elettronica è stata trasmessa tramite il Sistema di Interscambio (SdI), identificativo 1202600000042.',
    );
    expect(courtesyCopyText(null)).toContain('Sistema di Interscambio (SdI)');
    expect(courtesyCopyText(null)).not.toContain('identificativo');
  });

  it('names the XML as the PDF is named', () => {
    expect(
      eInvoiceFileName({ invoiceTypeCode: 1, number: '2026/SGA/00000042', issueDate: '2026-03-02' }),
    ).toBe('Bolletta n. 2026-SGA-00000042 del 02-03-2026 - fattura elettronica.xml');
  });
});

describe('the recipient of electronic invoices', () => {
  it.each([
    [{ recipientCode: 'M5UXCR1', pec: null }, []],
    [{ recipientCode: 'M5UXCR1', pec: 'fatture@pec.example.it' }, []],
    [{ recipientCode: '0000000', pec: 'fatture@pec.example.it' }, []],
    [{ recipientCode: '0000000', pec: null }, ['pec:pec_required']],
    [{ recipientCode: 'M5UXC', pec: null }, ['recipientCode:invalid_recipient_code']],
    [{ recipientCode: 'M5UXCR-', pec: null }, ['recipientCode:invalid_recipient_code']],
    [{ recipientCode: '0000000', pec: 'not-an-address' }, ['pec:invalid_pec']],
  ])('%o → %o', (recipient, expected) => {
    expect(eInvoiceRecipientErrors(recipient).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });

  it('saves a code in upper case, and 0000000 when none is given', () => {
    expect(normalizeRecipientCode(' m5uxcr1 ')).toBe('M5UXCR1');
    expect(normalizeRecipientCode('')).toBe('0000000');
    expect(normalizeRecipientCode(null)).toBe('0000000');
  });
});
