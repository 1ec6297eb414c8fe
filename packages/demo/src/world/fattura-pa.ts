// A minimal FatturaPA 1.2.2 document (FPR12, between private parties) made from a bill's own figures
// (ADR 067): what the demo's ERP sends through the Sistema di Interscambio and loads with the bill, and
// what the server's tests load. The portal never writes one in production; the ERP does. Every figure
// comes from the bill's sections: the taxable lines are those before the VAT section, the VAT is that
// section's total at the rate it implies, what follows it (the TV licence) is outside VAT (N1), and
// ImportoTotaleDocumento is the bill's amount, `billAmountCents`, the figure the page and the PDF show.
import { billAmountCents, receiptKindOf, type BillSection } from '@sportello/domain';

/** FatturaPA's namespace (versions 1.2 to 1.2.2). */
const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
/** A bill (1, 2, 5, 9, 31…) is a TD01 invoice, a credit note (4) a TD04. */
const CREDIT_NOTE = 4;

export interface FatturaPaParty {
  name: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  /** Street and number, postal code, town and province (two letters). */
  address: { street: string; postalCode: string; town: string; province: string | null };
}

export interface FatturaPaBill {
  number: string;
  invoiceTypeCode: number;
  issueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Its sections as the bill shows them (a line's quantity is not needed here). */
  sections: readonly (Omit<BillSection, 'lines'> & {
    lines: readonly { label: string; amountCents: number }[];
  })[];
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const el = (name: string, content: string) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escape(value));
/** Cents as FatturaPA's Amount2DecimalType. */
const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const rate = (percent: number) => `${percent.toFixed(2)}`;

/** "Via dei Mille 12, 25121 Brescia": a brand's legal address as the bill prints it. */
export function partyAddress(line: string): FatturaPaParty['address'] {
  const match = /^(.*),\s*(\d{5})\s+(.+?)(?:\s+\(([A-Z]{2})\))?$/.exec(line);
  if (!match) throw new Error(`not an address with its postal code: ${line}`);
  return { street: match[1]!, postalCode: match[2]!, town: match[3]!, province: match[4] ?? null };
}

function party(p: FatturaPaParty, seller: boolean) {
  const vat = p.vatNumber ? el('IdFiscaleIVA', text('IdPaese', 'IT') + text('IdCodice', p.vatNumber)) : '';
  const fiscal = p.fiscalCode && (!seller || !p.vatNumber) ? text('CodiceFiscale', p.fiscalCode) : '';
  const anagrafica = el('Anagrafica', text('Denominazione', p.name.slice(0, 80)));
  const regime = seller ? text('RegimeFiscale', 'RF01') : '';
  const sede = el(
    'Sede',
    text('Indirizzo', p.address.street.slice(0, 60)) +
      text('CAP', p.address.postalCode) +
      text('Comune', p.address.town.slice(0, 60)) +
      (p.address.province ? text('Provincia', p.address.province) : '') +
      text('Nazione', 'IT'),
  );
  return el('DatiAnagrafici', vat + fiscal + anagrafica + regime) + sede;
}

/**
 * The bill's FatturaPA document. `recipient`: the customer's recipient code (codice destinatario) and
 * PEC, 0000000 without either (the SdI then delivers to the customer's fiscal drawer).
 */
export function fatturaPaXml(
  bill: FatturaPaBill,
  seller: FatturaPaParty,
  buyer: FatturaPaParty,
  recipient: { code: string; pec: string | null } = { code: '0000000', pec: null },
): string {
  const credit = bill.invoiceTypeCode === CREDIT_NOTE;
  // A credit note states its figures as positive ones: TD04 says they are owed back.
  const sign = (cents: number) => (credit ? -cents : cents);
  const vatAt = bill.sections.findIndex((s) => receiptKindOf(s.title) === 'vat');
  const taxed = vatAt < 0 ? [] : bill.sections.slice(0, vatAt);
  const untaxed = vatAt < 0 ? bill.sections : bill.sections.slice(vatAt + 1);
  const taxable = taxed.reduce((sum, s) => sum + s.totalCents, 0);
  const vat = vatAt < 0 ? 0 : bill.sections[vatAt]!.totalCents;
  const percent = taxable === 0 ? 0 : Math.round((vat / taxable) * 100);
  const period =
    bill.periodStart && bill.periodEnd
      ? text('DataInizioPeriodo', bill.periodStart) + text('DataFinePeriodo', bill.periodEnd)
      : '';
  const lines = [
    ...taxed.flatMap((s) =>
      s.lines.map((l) => ({ label: `${s.title}: ${l.label}`, cents: l.amountCents, natura: null })),
    ),
    ...untaxed.flatMap((s) =>
      s.lines.map((l) => ({ label: `${s.title}: ${l.label}`, cents: l.amountCents, natura: 'N1' })),
    ),
  ];
  const detail = lines
    .map((l, i) =>
      el(
        'DettaglioLinee',
        text('NumeroLinea', String(i + 1)) +
          text('Descrizione', l.label.slice(0, 1000)) +
          period +
          text('PrezzoUnitario', amount(sign(l.cents))) +
          text('PrezzoTotale', amount(sign(l.cents))) +
          text('AliquotaIVA', rate(l.natura ? 0 : percent)) +
          (l.natura ? text('Natura', l.natura) : ''),
      ),
    )
    .join('');
  const untaxedCents = untaxed.reduce((sum, s) => sum + s.totalCents, 0);
  const summaries =
    (taxed.length > 0
      ? el(
          'DatiRiepilogo',
          text('AliquotaIVA', rate(percent)) +
            text('ImponibileImporto', amount(sign(taxable))) +
            text('Imposta', amount(sign(vat))) +
            text('EsigibilitaIVA', 'I'),
        )
      : '') +
    (untaxed.length > 0
      ? el(
          'DatiRiepilogo',
          text('AliquotaIVA', rate(0)) +
            text('Natura', 'N1') +
            text('ImponibileImporto', amount(sign(untaxedCents))) +
            text('Imposta', amount(0)) +
            text('RiferimentoNormativo', 'Escluso art. 15 DPR 633/72'),
        )
      : '');
  const header = el(
    'FatturaElettronicaHeader',
    el(
      'DatiTrasmissione',
      el('IdTrasmittente', text('IdPaese', 'IT') + text('IdCodice', seller.vatNumber ?? '')) +
        text('ProgressivoInvio', bill.number.replace(/[^A-Za-z0-9]/g, '').slice(-10)) +
        text('FormatoTrasmissione', 'FPR12') +
        text('CodiceDestinatario', recipient.code) +
        (recipient.pec ? text('PECDestinatario', recipient.pec) : ''),
    ) +
      el('CedentePrestatore', party(seller, true)) +
      el('CessionarioCommittente', party(buyer, false)),
  );
  const body = el(
    'FatturaElettronicaBody',
    el(
      'DatiGenerali',
      el(
        'DatiGeneraliDocumento',
        text('TipoDocumento', credit ? 'TD04' : 'TD01') +
          text('Divisa', 'EUR') +
          text('Data', bill.issueDate) +
          text('Numero', bill.number) +
          text('ImportoTotaleDocumento', amount(sign(billAmountCents(bill.sections)))),
      ),
    ) + el('DatiBeniServizi', detail + summaries),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${NAMESPACE}">` +
    header +
    body +
    '</p:FatturaElettronica>\n'
  );
}

/**
 * A demo bill's IdentificativoSdI: digits, as the SdI gives them, one per brand (its position) and
 * bill number (year and serial).
 */
export function demoSdiId(brandIndex: number, billNumber: string): string {
  const digits = billNumber.replace(/\D/g, '');
  return `${brandIndex + 1}${digits.slice(-12).padStart(12, '0')}`;
}
