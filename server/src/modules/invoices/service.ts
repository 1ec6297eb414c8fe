// Invoices of the customers a user reaches: the list, one invoice, its Bolletta 2.0 view (the one
// source of both the detail page and the PDF), its installments, and the customer's insolvencies;
// the payment reminders (reminders.ts).
import { COMPANY_CODES, erpInvoices, PAGE_SIZE, type CompanyCode } from '@sportello/contract';
import {
  billPrescription,
  addDays,
  averageCentsPerUnit,
  billReceipt,
  billedQuantity,
  billsToCompare,
  COMPARABLE_BILL_TYPES,
  complaintChannels,
  MARKETS,
  yearlyConsumption,
  yearlyConsumptionSince,
  consumptionBetween,
  eInvoiceFileName,
  energyReceipt,
  formatDate,
  FRONT_PAGE_PARTS,
  FRONT_PAGE_SOURCE,
  formatEuro,
  installmentStatus,
  amountsToPay,
  maskIban,
  OFFER_PORTAL_URL,
  isInstallmentRequestAllowed,
  installmentRequestLastDay,
  paymentNoticeCode,
  receiptKindOf,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { AppError, notFound } from '../../http/app-error.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { SettingsService } from '../settings/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { billDifferences, comparisonBills, readingBounds } from './bill-difference.js';
import { emergencyLine } from './emergency-lines.js';
import { toPayOf } from './pay-facts.js';
import { collectedPaymentOf, saveCollectedPayment, type ErpCollectedPayment } from './erp-payments.js';
import { billToCancel, cancelBill } from './erp-cancel.js';
import { createPaymentReminders } from './reminders.js';
import type { RemindersRepository } from './reminders-repository.js';
import type {
  InstallmentRow,
  InvoiceRow,
  InvoiceWithContract,
  InvoicesRepository,
  NewInvoiceRow,
} from './repository.js';
import {
  billExtKeysTaken,
  billNumbersTaken,
  billForPdf,
  billIdByExtKey,
  insertBillsFromErp,
  installmentsBeingPaid,
  linkBillDocument,
  saveBillFromErp,
} from './erp-import.js';

type Invoice = erpInvoices.Invoice;
type InvoiceBill = erpInvoices.InvoiceBill;
type ListQuery = z.output<typeof erpInvoices.listInvoices.query>;
type Commodity = InvoiceBill['supplies'][number]['commodity'];

const UNITS: Record<Commodity, string> = { electricity: 'kWh', gas: 'Smc', heat: 'kWh' };
const NO_READINGS = { start: null, end: null };

export function toInvoiceDto(found: InvoiceWithContract, today: string): Invoice {
  const { invoice: i, contract, paymentPending } = found;
  const toPay = toPayOf(found, today);
  return {
    id: String(i.id),
    key: i.key,
    number: i.number,
    customerId: String(i.customerId),
    contract: { id: String(contract.id), key: contract.key, number: contract.number },
    invoiceTypeCode: i.invoiceTypeCode,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    amountCents: i.amountCents,
    outstandingCents: i.outstandingCents,
    paymentLevel: i.paymentLevel,
    // The bill's own date, or its next installment's: what the status and every list say.
    overdue: toPay.overdue,
    paymentPending,
    documentId: i.documentId === null ? null : String(i.documentId),
    toPay,
    cancellation: i.cancelledAt
      ? {
          cancelledOn: todayInRome(i.cancelledAt),
          reason: i.cancelReason ?? '',
          creditNoteId: i.creditNoteId === null ? null : String(i.creditNoteId),
        }
      : null,
  };
}

export function toInstallmentDto(row: InstallmentRow, today: string): erpInvoices.Installment {
  return {
    id: String(row.id),
    invoiceId: String(row.invoiceId),
    contractId: String(row.contractId),
    number: row.number,
    dueDate: row.dueDate,
    amountCents: row.amountCents,
    toBePaid: row.toBePaid,
    paidAt: row.paidAt?.toISOString() ?? null,
    status: installmentStatus(row, today),
  };
}

const daysInclusive = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export function createInvoicesService(
  repository: InvoicesRepository,
  customers: CustomersService,
  contracts: ContractsService,
  notifications: NotificationsService,
  settings: SettingsService,
  reminders: { repository: RemindersRepository },
) {
  /** Told, in the payment's transaction, which bills were paid: the documents module's callback. */
  let paid: (tx: Db, invoiceIds: number[]) => Promise<void> = async () => {};

  /** The invoice by id or key (or the ERP's key); unknown → 404. */
  async function find(idOrKey: string, useExtKey = false) {
    const found = await repository.find(idOrKey, useExtKey);
    if (!found) throw notFound();
    return found;
  }

  /** The Bolletta 2.0 view of an invoice already checked for ownership. */
  async function bill(found: InvoiceWithContract, now: Date): Promise<InvoiceBill> {
    const { invoice } = found;
    const [context, compared] = await Promise.all([
      repository.billContext(invoice),
      comparisonBills(repository, invoice),
    ]);
    if (!context.company || !context.customer) throw notFound();
    const start = invoice.periodStart;
    const end = invoice.periodEnd;
    // A bill's readings are those of its own period: the eve of its first day and its last day.
    // Without both, it shows none rather than another period's. Read with those of the bills it is
    // compared with (ADR 070).
    const opensOn = start ? addDays(start, -1) : null;
    const supplyIds = context.supplies.map((s) => s.id);
    const readingRows = await repository.readingsOn(supplyIds, [
      ...(readingBounds(invoice) ?? []),
      ...compared.readingDays,
    ]);
    const sections = context.sections.map((s) => ({
      position: s.position,
      title: s.title,
      kind: receiptKindOf(s.title),
      lines: s.lines,
      totalCents: s.totalCents,
    }));
    const billSupplies = context.supplies.map((s) => {
      const own = readingRows.filter((r) => r.supplyId === s.id);
      const opening = own.find((r) => r.readingDate === opensOn);
      const closing = own.find((r) => r.readingDate === end);
      const asReading = (r: (typeof own)[number] | undefined) =>
        r ? { date: r.readingDate, source: r.source, values: r.values } : null;
      const byBand = opening && closing ? consumptionBetween(opening.values, closing.values) : {};
      const commodity = s.commodity as Commodity;
      return {
        key: s.key,
        commodity,
        pointCode: s.pointCode,
        nickname: s.nickname,
        address: s.address,
        offerName: s.offerName,
        emergency: emergencyLine(commodity, context.company?.helpPhone ?? ''),
        unit: UNITS[commodity] ?? 'kWh',
        readings: opening && closing ? { start: asReading(opening), end: asReading(closing) } : NO_READINGS,
        consumptionByBand: byBand,
        consumption: Object.values(byBand).reduce((sum, v) => sum + v, 0),
      };
    });
    const totalCents =
      sections.length > 0 ? sections.reduce((sum, s) => sum + s.totalCents, 0) : invoice.amountCents;
    const commodity = billSupplies[0]?.commodity ?? 'electricity';
    // What the bill charges is its billed lines; the meter's difference only where lines carry no units.
    const quantity = billedQuantity(sections) ?? billSupplies.reduce((sum, s) => sum + s.consumption, 0);
    const receipt = billReceipt(sections, commodity);
    const { company, customer } = context;
    // One box per offer, however many of the contract's supplies are on it.
    const offers = new Map<string, InvoiceBill['frontPage']['offers'][number]>();
    for (const s of context.supplies) {
      if (!s.offer || !s.offerName || offers.has(s.offer.code)) continue;
      offers.set(s.offer.code, {
        code: s.offer.code,
        name: s.offerName,
        priceType: s.offer.priceType,
        prices: s.offer.prices,
        conditions: (s.offer.conditions ?? '').split('\n').filter((line) => line.trim() !== ''),
        endsOn: s.offerEndsOn,
      });
    }
    // The market is the offer's: the first supply's that has one (a contract's supplies share it).
    const market = context.supplies.find((s) => s.offer)?.offer?.market as keyof typeof MARKETS | undefined;
    // The yearly consumption counts the billed quantity of the contract's bills of the last twelve months.
    const [yearBills, difference] = await Promise.all([
      end ? repository.billedEnergyOfContract(invoice.contractId, yearlyConsumptionSince(end), end) : [],
      billDifferences(repository, invoice, { sections: context.sections, supplyIds, readingRows }, compared),
    ]);
    const yearly = yearlyConsumption(
      yearBills.map((b) => ({
        periodStart: b.periodStart,
        periodEnd: b.periodEnd,
        quantity: billedQuantity(b.sections.map((x) => ({ kind: receiptKindOf(x.title), lines: x.lines }))),
      })),
      end,
    );
    return {
      invoice: toInvoiceDto(found, todayInRome(now)),
      company: {
        code: company.code,
        name: company.name,
        legalName: company.legalName,
        vatNumber: company.vatNumber,
        legalAddress: company.legalAddress,
        helpPhone: company.helpPhone,
      },
      customer,
      commodity,
      supplies: billSupplies,
      payment: context.banking
        ? { method: 'direct_debit', iban: maskIban(context.banking.iban), online: context.payOnline }
        : { method: 'notice', iban: null, online: context.payOnline },
      consumption: { quantity, unit: UNITS[commodity] },
      periodDays: start && end ? daysInclusive(start, end) : null,
      receipt,
      sections,
      totalCents,
      averageCentsPerUnit: averageCentsPerUnit(receipt, quantity),
      frontPage: {
        source: FRONT_PAGE_SOURCE,
        parts: FRONT_PAGE_PARTS.map((part) => ({ ...part })),
        market: market && MARKETS[market] ? { code: market, label: MARKETS[market] } : null,
        complaints: complaintChannels(company),
        yearlyConsumption: yearly && { ...yearly, unit: UNITS[commodity] },
        energyReceipt: energyReceipt(sections, receipt, {
          quantity,
          unit: UNITS[commodity],
          days: start && end ? daysInclusive(start, end) : null,
        }),
        offers: [...offers.values()],
        offerPortalUrl: OFFER_PORTAL_URL,
      },
      collectionSuspended: context.disputed,
      prescription: billPrescription({ ...invoice, commodity, amountCents: totalCents }),
      sdiId: invoice.sdiId,
      difference,
    };
  }

  /** Tells the customer's users a bill is there: 'Nuova bolletta disponibile' (SPEC §4). */
  async function announce(row: InvoiceRow, now: Date) {
    await notifications.notify({
      kind: 'invoice',
      customerId: row.customerId,
      entityKey: row.key,
      title: 'Nuova bolletta disponibile',
      body: `La bolletta n. ${row.number} di ${formatEuro(row.amountCents)} è disponibile: va pagata entro il ${formatDate(row.dueDate)}.`,
      linkParams: { invoiceTypeCodes: [row.invoiceTypeCode] },
      now,
    });
  }

  return {
    find,

    // Payment reminders, their own use case (reminders.ts, ADR 035).
    ...createPaymentReminders({ ...reminders, notifications }),

    /** For the payments module: the rows a payment claims and settles, read and written in its transaction. */
    ledger: {
      findManyByIdOrKey: repository.findManyByIdOrKey,
      /** The bills with what the customer must pay themselves of each on `today` (ADR 052). */
      async billsToPay(idsOrKeys: string[], today: string) {
        const rows = await repository.findManyWithPayFacts(idsOrKeys);
        return rows.map((row) => ({ ...row.invoice, toPay: toPayOf(row, today) }));
      },
      installmentsByIds: repository.installmentsByIds,
      installmentsOf: (invoiceId: number) => repository.installments({ invoiceId }),
      async applyPaid(tx: Db, amounts: Map<number, number>) {
        await repository.applyPaid(tx, amounts);
        await paid(tx, [...amounts.keys()]);
      },
      markInstallmentsPaid: repository.markInstallmentsPaid,
    },

    /** The documents module says what a payment changes of a bill's kept PDF (ADR 029's callback). */
    whenPaid(callback: typeof paid) {
      paid = callback;
    },

    /** A customer's latest bills (at most `take`, newest first) and what is owed, for the staff console (ADR 041). */
    async recentOfCustomer(customerId: number, take: number, now: Date) {
      const today = todayInRome(now);
      const page = await repository.listOfCustomer(String(customerId), {
        outstandingOnly: false,
        typeCodes: null,
        contractId: null,
        year: null,
        orderBy: 'issueDate',
        today,
        skip: 0,
        take,
      });
      return {
        owedCents: page?.outstandingCents ?? 0,
        invoices: (page?.rows ?? []).map((row) => toInvoiceDto(row, today)),
      };
    },

    /**
     * `customerId` is the customer's id or key (SPEC §7 names it so). One round trip when the page
     * has rows; an empty page asks again, to tell an unknown (404) or refused (403) customer from none.
     */
    async list(user: SessionUser, query: ListQuery, now: Date) {
      const today = todayInRome(now);
      const options = {
        outstandingOnly: query.outstandingOnly ?? false,
        typeCodes: query.typeCodes ?? null,
        contractId: query.contractId ?? null,
        year: query.year ?? null,
        orderBy: query.orderBy ?? 'issueDate',
        today,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.invoices,
      };
      const page = await repository.listOfCustomer(query.customerId, options);
      // What the customer must pay is over every bill still owed, whatever the page shows.
      const toPay = async (customerId: number) =>
        amountsToPay((await repository.owedOfCustomer(customerId)).map((row) => toPayOf(row, today)));
      if (page) {
        const { rows, ...totals } = page;
        const invoices = rows.map((row) => toInvoiceDto(row, today));
        return { ...totals, toPay: await toPay(Number(invoices[0]!.customerId)), invoices };
      }
      const customer = await customers.find(user, query.customerId);
      // A contract filter names a contract of this customer: another's is refused, not an empty list.
      if (query.contractId) {
        const { contract } = await contracts.find(query.contractId);
        if (String(contract.customerId) !== customer.id) throw notFound();
      }
      return {
        ...(await repository.totalsByCustomer(Number(customer.id), options)),
        toPay: await toPay(Number(customer.id)),
        invoices: [],
      };
    },

    /** By id or key, or by the ERP's key (useExtKey) within the session's brand, whose keys it is. */
    async get(
      idOrKey: string,
      ext: { companyCode: string } | null,
      now: Date,
    ): Promise<erpInvoices.InvoiceDetail> {
      const found = await repository.findDetailed(idOrKey, ext);
      if (!found) throw notFound();
      const today = todayInRome(now);
      const { invoice, installmentRequestedOn } = found;
      const owed = invoice.outstandingCents > 0;
      const dto = toInvoiceDto(found, today);
      const { toPay } = dto;
      return {
        ...dto,
        companyCode: invoice.companyCode,
        installmentRequest: {
          allowed: owed && installmentRequestedOn === null && isInstallmentRequestAllowed(invoice, today),
          lastDay: installmentRequestLastDay(invoice),
          requestedOn: installmentRequestedOn,
        },
        hasInstallments: found.hasInstallments,
        eInvoice: { sdiId: invoice.sdiId, xml: found.hasEInvoiceXml },
        // Only what the customer must pay themselves: a debited or suspended bill gives no code.
        offlinePayment:
          toPay.yoursCents > 0 && !found.payEnabled
            ? {
                iban: found.bankIban,
                beneficiary: found.bankBeneficiary,
                amountCents: toPay.yoursCents,
                byDate: toPay.byDate ?? invoice.dueDate,
                reason:
                  toPay.installmentNumber === null
                    ? `Bolletta n. ${invoice.number}`
                    : `Bolletta n. ${invoice.number} rata ${toPay.installmentNumber}`,
                noticeCode: paymentNoticeCode(
                  COMPANY_CODES.indexOf(invoice.companyCode as CompanyCode) + 1,
                  invoice.id,
                ),
              }
            : null,
      };
    },

    async detail(idOrKey: string, now: Date): Promise<InvoiceBill> {
      return bill(await find(idOrKey), now);
    },

    /**
     * The bill's electronic invoice (ADR 067): the FatturaPA XML the ERP loaded, as the customer downloads
     * it; a bill without one answers 404 `einvoice_not_available`, which the page says in words.
     */
    async eInvoice(idOrKey: string) {
      const { invoice } = await find(idOrKey);
      const xml = await repository.eInvoiceXml(invoice.id);
      if (xml === undefined) throw new AppError(404, 'einvoice_not_available');
      return {
        fileName: eInvoiceFileName(invoice),
        contentType: erpInvoices.EINVOICE_CONTENT_TYPE,
        sdiId: invoice.sdiId,
        data: Buffer.from(xml, 'utf8').toString('base64'),
      };
    },

    /** Bills of the same contract (same supplies, same commodity), never another supply's. */
    async comparable(idOrKey: string, now: Date) {
      const found = await find(idOrKey);
      const today = todayInRome(now);
      const rows = await repository.sameContractBills(found.invoice, COMPARABLE_BILL_TYPES);
      const invoices = rows.map((row) => toInvoiceDto(row, today));
      const { previous, lastYear } = billsToCompare(toInvoiceDto(found, today), invoices);
      return { previous, lastYear, invoices };
    },

    /** For the documents module: the bill of an invoice whose document it already owns. */
    async billOf(invoiceId: number, now: Date): Promise<InvoiceBill> {
      const found = await repository.find(String(invoiceId));
      if (!found) throw notFound();
      return bill(found, now);
    },

    /** By invoice or by contract; at least one must be given, each ownership-checked. */
    async installments(
      query: { invoiceId?: string | undefined; contractId?: string | undefined },
      now: Date,
    ) {
      const filter: { invoiceId?: number; contractId?: number } = {};
      if (query.invoiceId) filter.invoiceId = (await find(query.invoiceId)).invoice.id;
      if (query.contractId) filter.contractId = (await contracts.find(query.contractId)).contract.id;
      if (filter.invoiceId === undefined && filter.contractId === undefined) throw notFound();
      const today = todayInRome(now);
      const rows = await repository.installments(filter);
      return {
        installments: rows.map((row) => toInstallmentDto(row, today)),
        toBePaidCents: rows.filter((r) => r.toBePaid).reduce((sum, r) => sum + r.amountCents, 0),
      };
    },

    /** The ERP's import (integration module, ADR 036): writes in the caller's transaction. */
    saveFromErp: saveBillFromErp,
    idByExtKey: billIdByExtKey,
    insertManyFromErp: insertBillsFromErp,
    extKeysTaken: billExtKeysTaken,
    numbersTaken: billNumbersTaken,
    installmentsBeingPaid,
    billForPdf,
    linkDocument: linkBillDocument,
    /** A bill as the customer's own list and page show it (the integration's read back, ADR 056). */
    async asShown(invoiceId: number, now: Date): Promise<Invoice | null> {
      const found = await repository.find(String(invoiceId));
      return found ? toInvoiceDto(found, todayInRome(now)) : null;
    },
    /** The ERP's cancellation of a bill (integration module, ADR 056), in the caller's transaction. */
    billToCancel,
    cancelFromErp: cancelBill,

    /**
     * A payment collected elsewhere (ADR 040), in the caller's transaction: the bill owes that much less,
     * never below nothing; answers the payment's id and what it collected beyond that (ADR 051).
     */
    async collectFromErp(tx: Db, payment: ErpCollectedPayment) {
      const saved = await saveCollectedPayment(tx, payment);
      if (saved.deltaCents !== 0) {
        await repository.applyPaid(tx, new Map([[payment.invoiceId, saved.deltaCents]]));
        await paid(tx, [payment.invoiceId]);
      }
      return saved;
    },
    collectedPaymentOf,

    /** A bill the ERP loaded, once committed: the `invoice` event tells the customer's users. */
    async announce(invoiceId: number, now: Date): Promise<void> {
      const found = await repository.find(String(invoiceId));
      if (found) await announce(found.invoice, now);
    },

    /** A new bill from the ERP: stored, then the `invoice` event tells the customer's users. */
    async issue(values: NewInvoiceRow, now: Date): Promise<Invoice> {
      const row = await repository.insert(values);
      await announce(row, now);
      return toInvoiceDto((await repository.find(String(row.id)))!, todayInRome(now));
    },

    /** SPEC §6: only where the brand enables panoram. */
    async insolvencies(user: SessionUser, customerIdOrKey: string) {
      if (!(await settings.isModuleEnabled(user.companyCode, 'panoram'))) {
        throw new AppError(403, 'module_disabled');
      }
      const customer = await customers.find(user, customerIdOrKey);
      const rows = await repository.openInsolvencies(Number(customer.id));
      return {
        insolvencies: rows.map((r) => ({
          id: String(r.id),
          customerId: String(r.customerId),
          contractId: r.contractId === null ? null : String(r.contractId),
          amountCents: r.amountCents,
          sinceDate: r.sinceDate,
          status: r.status,
        })),
        totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
