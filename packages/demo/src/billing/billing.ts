// Two years of bimonthly bills for a contract: periods, amounts and detail sections, documents,
// payment levels (paid, unpaid not yet due, overdue, partially paid, installments), installment
// plans and the portal payments of paid bills.
import {
  billEInvoices,
  documents,
  installments,
  invoiceSections,
  invoices,
  payments,
} from '@sportello/db/schema';
import { billBranding, type Commodity, type OfferCode } from '../companies/companies.js';
import { OFFER_TERMS } from '../companies/offer-terms.js';
import { nextKey, type SeedContext } from '../engine/context.js';
import { addDays, addMonths, daysBetween, monthEnd, monthStart, romeInstant } from '../engine/dates.js';
import { billSections, creditNoteSections, type BilledSupply, type Section } from './tariffs.js';
import type { UsageProfile } from '../consumption/usage.js';
import type { MeterRegisters } from '../consumption/readings.js';
import { energyMonths } from './energy.js';
import {
  billDocument,
  billFigures,
  demoSdiId,
  fatturaPaXml,
  installmentPlan,
  invoiceRow,
  INSTALLMENT_DAYS_AGO,
  partyAddress,
  type FatturaPaParty,
  type PaymentLevel,
} from '../world/index.js';

/** 1 bolletta, 2 bolletta di chiusura, 4 nota di credito, 5 rata, 8 documento da scaricare, 9 and 31 other bill types. */
export type InvoiceTypeCode = 1 | 2 | 4 | 5 | 8 | 9 | 31;

export interface BillingSpec {
  /** Days between the newest bill and today (its due date is 20 days after issue). */
  lagDays: number;
  /** 1 bills the odd two-month pairs, so the newest bill is already past due. */
  cycleOffset: 0 | 1;
  /** How many of the most recent past-due bills are still unpaid. */
  overdue?: number;
  partiallyPaid?: boolean;
  installmentPlan?: boolean;
  /** Bill type by position, 0 = newest; the rest are type 1 (and 2 for the closing bill). */
  typeCodes?: Readonly<Record<number, InvoiceTypeCode>>;
  /** Issue a credit note (type 4) against the bill at this position. */
  creditNoteOf?: number;
  /** The newest bill's PDF is still being printed. */
  latestPrinting?: boolean;
  /**
   * The ERP loads each bill's electronic invoice (its FatturaPA XML, made from the bill's figures,
   * and its SdI identifier) with it (ADR 067).
   */
  eInvoices?: boolean;
  /**
   * Demo customers ('full') have stored bill PDFs and pay in the portal; benchmark customers ('light')
   * are what the ERP sends (bills with sections and instalments, no PDF: the portal draws it).
   */
  detail: 'full' | 'light';
}

export interface BilledContract {
  id: number;
  customerId: number;
  startDate: string;
  endDate: string | null;
  /** Bills of a contract with a SEPA mandate are paid by direct debit, not through the portal. */
  directDebit: boolean;
  /** The customer as its electronic invoices name it (when its bills have them: `eInvoices`). */
  buyer?: FatturaPaParty;
  supplies: readonly {
    key: string;
    commodity: Commodity;
    annual: number;
    profile: UsageProfile;
    powerKw: number;
    offer: OfferCode;
    registers?: MeterRegisters;
    /** The first day of the smart meter's hourly curve in the portal, or null when it has none. */
    curveFrom: string | null;
    /** How a bill of several supplies names this one's lines. */
    name: string;
  }[];
}

export interface BuiltInvoice {
  id: number;
  key: string;
  typeCode: InvoiceTypeCode;
  paymentLevel: PaymentLevel;
  dueDate: string;
  amountCents: number;
  outstandingCents: number;
}

export interface BillPeriod {
  start: string;
  end: string;
  issue: string;
  due: string;
  closing: boolean;
}

/** Days from a bill's issue to its due date. */
export const PAYMENT_TERM_DAYS = 20;

/**
 * A benchmark customer's bills older than its two newest come as a supplier's migration sends its
 * history: one summary section, a line per section of the bill. Five detail rows a bill would
 * otherwise make up most of a large database, and people open their newest bills.
 */
const LIGHT_DETAILED_BILLS = 2;

function summarised(sections: readonly Section[]): Section[] {
  return [
    {
      title: 'Riepilogo della bolletta',
      lines: sections.map((s) => ({ label: s.title, quantity: null, amountCents: s.totalCents })),
      totalCents: sections.reduce((sum, s) => sum + s.totalCents, 0),
    },
  ];
}

interface Draft {
  period: BillPeriod;
  typeCode: InvoiceTypeCode;
  sections: Section[];
}

/** Newest first. Periods are calendar two-month pairs; supplies always start on the 1st. */
export function billPeriods(ctx: SeedContext, contract: BilledContract, spec: BillingSpec): BillPeriod[] {
  const latestIssue = addDays(ctx.today, -spec.lagDays);
  const issueLag = daysBetween(addDays(monthStart(latestIssue), -1), latestIssue);
  const newestEnd = monthEnd(addMonths(monthStart(latestIssue), -1 - spec.cycleOffset));
  const periods: BillPeriod[] = [];
  for (let i = 0; ; i++) {
    let end = monthEnd(addMonths(monthStart(newestEnd), -2 * i));
    if (end < ctx.historyStart || end < contract.startDate) break;
    let start = monthStart(addMonths(monthStart(end), -1));
    if (start < contract.startDate) start = contract.startDate;
    let closing = false;
    if (contract.endDate) {
      if (start > contract.endDate) continue;
      if (end >= contract.endDate && periods.length === 0) {
        end = contract.endDate;
        closing = true;
      }
    }
    const issue = addDays(end, issueLag);
    periods.push({ start, end, issue, due: addDays(issue, PAYMENT_TERM_DAYS), closing });
  }
  return periods;
}

/** What a supply contributes to a bill of whole calendar months, at its offer's prices. */
export function billedSupply(
  seed: number,
  supply: BilledContract['supplies'][number],
  period: { start: string; end: string },
): BilledSupply {
  const offer = OFFER_TERMS[supply.offer].prices;
  const energyPrice = offer.find((p) => p.unit === (supply.commodity === 'gas' ? 'Smc' : 'kWh'));
  if (!energyPrice) throw new Error(`offer ${supply.offer} has no energy price`);
  const energy = energyMonths(seed, supply, energyPrice, period);
  return {
    commodity: supply.commodity,
    profile: supply.profile,
    quantity: energy.reduce((sum, month) => sum + month.units, 0),
    months: Math.round((daysBetween(period.start, period.end) + 1) / 3.044) / 10,
    powerKw: supply.powerKw,
    offer,
    energyPrice,
    energy,
    name: supply.name,
  };
}

export function buildInvoices(
  ctx: SeedContext,
  contract: BilledContract,
  spec: BillingSpec,
  scope: '' | 'G',
): BuiltInvoice[] {
  const full = spec.detail === 'full';
  const periods = billPeriods(ctx, contract, spec);
  const drafts: Draft[] = [];
  periods.forEach((period, i) => {
    const billed = contract.supplies.map((s) => billedSupply(ctx.seed, s, period));
    const typeCode = period.closing ? 2 : (spec.typeCodes?.[i] ?? 1);
    const sections = billSections(billed, period);
    drafts.push({
      period,
      typeCode,
      sections: full || i < LIGHT_DETAILED_BILLS ? sections : summarised(sections),
    });
  });

  const built: BuiltInvoice[] = [];
  const numbers: string[] = [];
  const levels = paymentLevels(
    ctx.today,
    drafts.map((d) => d.period.due),
    spec,
  );
  drafts.forEach((draft, i) => {
    const invoice = writeInvoice(ctx, contract, scope, draft, levels[i] ?? 'Paid', {
      paidInPortal: full,
      demo: full,
      printing: i === 0 && spec.latestPrinting === true,
      eInvoice: spec.eInvoices === true,
    });
    numbers.push(invoice.number);
    built.push(invoice.built);
  });

  const original = spec.creditNoteOf === undefined ? undefined : drafts[spec.creditNoteOf];
  if (original && spec.creditNoteOf !== undefined) {
    const issue = addDays(original.period.issue, 25);
    const sections = creditNoteSections(original.sections, 0.3, numbers[spec.creditNoteOf] ?? '');
    const period = { ...original.period, issue, due: issue, closing: false };
    built.push(
      writeInvoice(ctx, contract, scope, { period, typeCode: 4, sections }, 'Paid', {
        paidInPortal: full,
        demo: full,
        printing: false,
        eInvoice: spec.eInvoices === true,
      }).built,
    );
  }
  return built;
}

/** Payment level of each bill (newest first) as of today, following the spec's scenarios. */
function paymentLevels(today: string, dues: readonly string[], spec: BillingSpec): PaymentLevel[] {
  let overdue = spec.overdue ?? 0;
  let partial = spec.partiallyPaid ?? false;
  let plan = spec.installmentPlan ?? false;
  return dues.map((due) => {
    if (due >= today) return 'Unpaid';
    if (overdue > 0) {
      overdue--;
      return 'Unpaid';
    }
    if (partial) {
      partial = false;
      return 'PartiallyPaid';
    }
    // The plan's first instalment falls 40 days ago, so the bill must be due before that.
    if (plan && due <= addDays(today, -INSTALLMENT_DAYS_AGO[0])) {
      plan = false;
      return 'Installments';
    }
    return 'Paid';
  });
}

/**
 * A bill's number, "2026/SGA/00000042": the year of issue, the issuing brand's code and that
 * brand's own sequence, so no brand's bill ever reads like another's.
 */
export function billNumber(companyCode: string, issueDate: string, serial: number): string {
  return `${issueDate.slice(0, 4)}/${companyCode.toUpperCase()}/${String(serial).padStart(8, '0')}`;
}

interface InvoiceOptions {
  /** What the bill's payment level says is paid was paid in the portal (a payment row). */
  paidInPortal: boolean;
  /**
   * A demo account's bill: a stored PDF document, and a plan's first instalment paid in the portal.
   * A benchmark customer's bill is only what the ERP sends (the portal draws its PDF).
   */
  demo: boolean;
  /** The PDF is still being printed. */
  printing: boolean;
  /** The ERP sends the bill's electronic invoice with it. */
  eInvoice?: boolean;
}

function writeInvoice(
  ctx: SeedContext,
  contract: BilledContract,
  scope: '' | 'G',
  draft: Draft,
  level: PaymentLevel,
  { paidInPortal, demo, printing, eInvoice = false }: InvoiceOptions,
): { number: string; built: BuiltInvoice } {
  const { period, typeCode, sections } = draft;
  const { buffer, ids, company } = ctx;
  const { amountCents, outstandingCents } = billFigures(sections, level);
  const id = ids.next(invoices);
  const key = nextKey(ctx, 'INV', scope);
  const number = billNumber(company.code, period.issue, ctx.counters.next(`invoice-number-${company.code}`));
  const issuedAt = romeInstant(period.issue, 8);

  const documentId = demo ? ids.next(documents) : null;
  if (documentId !== null)
    buffer.add(documents, {
      id: documentId,
      key: nextKey(ctx, 'DOC', scope),
      customerId: contract.customerId,
      ...billDocument({ invoiceTypeCode: typeCode, number, issueDate: period.issue }),
      status: printing ? 'printing' : 'ready',
      createdAt: issuedAt,
    });

  buffer.add(invoices, {
    id,
    ...invoiceRow({
      key,
      companyCode: company.code,
      customerId: contract.customerId,
      contractId: contract.id,
      number,
      invoiceTypeCode: typeCode,
      issueDate: period.issue,
      dueDate: period.due,
      periodStart: period.start,
      periodEnd: period.end,
      amountCents,
      outstandingCents,
      paymentLevel: level,
      documentId,
      ...(eInvoice && contract.buyer ? { sdiId: demoSdiId(company.index, number) } : {}),
    }),
  });
  if (eInvoice && contract.buyer) {
    const branding = billBranding(company.code);
    const seller = {
      name: company.legalName,
      vatNumber: branding.vatNumber,
      fiscalCode: branding.vatNumber,
      address: partyAddress(branding.legalAddress),
    };
    const bill = {
      number,
      invoiceTypeCode: typeCode,
      issueDate: period.issue,
      periodStart: period.start,
      periodEnd: period.end,
      sections,
    };
    buffer.add(billEInvoices, {
      invoiceId: id,
      xml: fatturaPaXml(bill, seller, contract.buyer),
      receivedAt: issuedAt,
    });
  }
  buffer.add(
    invoiceSections,
    ...sections.map((section, position) => ({ invoiceId: id, position: position + 1, ...section })),
  );

  if (level === 'Installments') addInstallmentPlan(ctx, contract, id, amountCents, demo);
  const paidCents = amountCents - outstandingCents;
  if (paidInPortal && !contract.directDebit && paidCents > 0 && typeCode !== 4) {
    const paidOn = addDays(period.due, level === 'PartiallyPaid' ? 5 : -3);
    addPayment(
      ctx,
      contract.customerId,
      'Invoices',
      [{ kind: 'invoice', id, amountCents: paidCents }],
      paidOn,
    );
  }
  return {
    number,
    built: { id, key, typeCode, paymentLevel: level, dueDate: period.due, amountCents, outstandingCents },
  };
}

/**
 * A bill outside the two-month cycle (a recalculation, a late adjustment), from its own sections:
 * its figures come from billFigures like every other bill's.
 */
export function addExtraBill(
  ctx: SeedContext,
  contract: { id: number; customerId: number },
  bill: { typeCode: InvoiceTypeCode; period: BillPeriod; sections: Section[] },
  level: PaymentLevel,
): BuiltInvoice & { number: string } {
  const billed = {
    ...contract,
    startDate: bill.period.start,
    endDate: null,
    directDebit: false,
    supplies: [],
  };
  const { number, built } = writeInvoice(ctx, billed, '', bill, level, {
    paidInPortal: false,
    demo: true,
    printing: false,
  });
  return { ...built, number };
}

function addInstallmentPlan(
  ctx: SeedContext,
  contract: BilledContract,
  invoiceId: number,
  amountCents: number,
  /** A demo account's plan: its first instalment was paid in the portal, not only known to the ERP. */
  demo: boolean,
) {
  const rows = installmentPlan({
    invoiceId,
    contractId: contract.id,
    amountCents,
    today: ctx.today,
  }).map((row) => ({ ...row, id: ctx.ids.next(installments) }));
  ctx.buffer.add(installments, ...rows);
  const first = rows[0];
  if (demo && first?.id && first.paidAt) {
    const item = { kind: 'installment', id: first.id, amountCents: first.amountCents };
    addPayment(ctx, contract.customerId, 'Installments', [item], addDays(first.dueDate, -1));
  }
}

function addPayment(
  ctx: SeedContext,
  customerId: number,
  payKind: 'Invoices' | 'Installments',
  items: { kind: string; id: number; amountCents: number }[],
  paidOn: string,
) {
  const at = romeInstant(paidOn, 10, 15);
  ctx.buffer.add(payments, {
    key: nextKey(ctx, 'PAY'),
    customerId,
    gatewayId: 1,
    payKind,
    totalAmountCents: items.reduce((s, x) => s + x.amountCents, 0),
    items,
    status: 'Paid',
    userOutcome: 'OK',
    userOutcomeDate: at,
    redirectUrl: null,
    createdAt: at,
  });
}
