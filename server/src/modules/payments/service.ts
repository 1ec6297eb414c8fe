// Payments of bills or installments through a gateway. Creating one computes the amount from what
// is still owed (a different client total is refused), claims the bills so a concurrent second
// payment cannot start, and opens the gateway's checkout. Only the gateway's signed notification
// marks a payment paid and lowers the bills' outstanding amounts, once per event id, whether it
// arrives before, after or without the browser's return; the browser's outcome is only recorded.
import { MESSAGES_NAMING, type erpPayments } from '@sportello/contract';
import { formatEuro, skippedInstallment, todayInRome, type BillToPay } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unprocessable,
} from '../../http/app-error.js';
import type { GatewayEvent, PaymentGateway } from '../../integrations/payments/gateway.js';
import type { CustomersService } from '../customers/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { NotificationsService, QueuedEvent } from '../notifications/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { Claim, PaymentRow, PaymentsRepository } from './repository.js';
import { isUniqueViolation } from '../../platform/unique-violation.js';

type Payment = erpPayments.Payment;
type CreateBody = z.output<typeof erpPayments.createPayment.body>;
type Item = PaymentRow['items'][number];

const STATUS_BY_OUTCOME = { succeeded: 'Paid', refused: 'Refused', cancelled: 'Cancelled' } as const;
const FINAL = new Set(['Paid', 'Refused', 'Cancelled']);

export function toPaymentDto(p: PaymentRow): Payment {
  return {
    id: String(p.id),
    key: p.key,
    customerId: String(p.customerId),
    gatewayId: p.gatewayId,
    payKind: p.payKind as Payment['payKind'],
    totalAmount: p.totalAmountCents,
    items: p.items.map((item) => ({
      kind: item.kind === 'installment' ? 'installment' : 'invoice',
      id: String(item.id),
      invoiceId: String(item.invoiceId ?? item.id),
      label: item.label ?? '',
      amountCents: item.amountCents,
    })),
    status: p.status as Payment['status'],
    userOutcome: (p.userOutcome as Payment['userOutcome']) ?? null,
    userOutcomeDate: p.userOutcomeDate?.toISOString() ?? null,
    redirectUrl: p.status === 'Pending' ? p.redirectUrl : null,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
  };
}

/**
 * What a payment of a bill asks: what the customer must pay themselves, or what the bank would have
 * taken. A bill whose payment is being confirmed asks the same again, for its claim to refuse (409).
 */
const amountAsked = (bill: { outstandingCents: number; toPay: BillToPay }) => {
  const { way, debitCents, yoursCents, prescribedCents } = bill.toPay;
  if (way === 'direct_debit') return debitCents;
  return way === 'pending' ? bill.outstandingCents - prescribedCents : yoursCents;
};

const sameItems = (a: readonly Item[], b: readonly Item[]) =>
  a.length === b.length &&
  a.every((x, i) => x.kind === b[i]?.kind && x.id === b[i]?.id && x.amountCents === b[i]?.amountCents);

export function createPaymentsService(deps: {
  db: Db;
  repository: PaymentsRepository;
  invoices: InvoicesService['ledger'];
  customers: CustomersService;
  notifications: NotificationsService;
  gateways: ReadonlyMap<number, PaymentGateway>;
  checkoutMs: number;
}) {
  const { db, repository, invoices, customers, notifications, gateways, checkoutMs } = deps;

  /** The `payment` event once a payment is recorded paid: it opens the bill, or the list for several. */
  async function receiptOf(tx: Db, payment: PaymentRow): Promise<QueuedEvent> {
    const invoiceIds = [...new Set(payment.items.map((i) => String(i.invoiceId ?? i.id)))];
    const [single] = invoiceIds.length === 1 ? await invoices.findManyByIdOrKey(invoiceIds, tx) : [];
    const what = payment.items.map((i) => `bolletta n. ${i.label ?? ''}`).join(', ');
    return {
      kind: 'payment',
      customerId: payment.customerId,
      entityKey: single?.key ?? null,
      title: 'Pagamento ricevuto',
      body: `Abbiamo ricevuto il tuo pagamento di ${formatEuro(payment.totalAmountCents)} (${what}). Grazie!`,
      ...(single ? { linkParams: { invoiceTypeCodes: [single.invoiceTypeCode] } } : {}),
    };
  }

  async function find(idOrKey: string): Promise<PaymentRow> {
    const found = await repository.find(idOrKey);
    if (!found) throw notFound();
    return found;
  }

  /** Installments are paid in order of due date: none may skip an earlier unpaid one (ADR 025). */
  async function requireOldestFirst(chosen: { id: number; invoiceId: number; invoiceNumber: string }[]) {
    const plans = await Promise.all(
      [...new Set(chosen.map((r) => r.invoiceId))].map((id) => invoices.installmentsOf(id)),
    );
    const asText = (i: { id: number; invoiceId: number; number: number; toBePaid: boolean }) => ({
      ...i,
      id: String(i.id),
      invoiceId: String(i.invoiceId),
    });
    const skipped = skippedInstallment(plans.flat().map(asText), new Set(chosen.map((r) => String(r.id))));
    if (!skipped) return;
    const bill = chosen.find((r) => String(r.invoiceId) === skipped.invoiceId)!.invoiceNumber;
    throw new AppError(
      422,
      'installment_out_of_order',
      [],
      MESSAGES_NAMING.installment_out_of_order(skipped.number, bill),
    );
  }

  /** The items with what is owed on each, all of one reachable customer. */
  async function itemsOf(
    user: SessionUser,
    body: CreateBody,
    today: string,
  ): Promise<{ customerId: number; items: Item[]; claims: Claim[] }> {
    const ids = [...new Set(body.items.map((i) => i.id))];
    if (ids.length !== body.items.length)
      throw badRequest('invalid_input', [fieldError('items', 'invalid_input')]);
    const reach = await customers.reachableIds(user);
    if (body.payKind === 'Invoices') {
      const rows = await invoices.billsToPay(ids, today);
      if (rows.length !== ids.length) throw notFound();
      if (rows.some((r) => !reach.includes(r.customerId))) throw forbidden();
      if (new Set(rows.map((r) => r.customerId)).size > 1)
        throw badRequest('invalid_input', [fieldError('items', 'invalid_input')]);
      for (const r of rows) {
        if (r.outstandingCents <= 0) throw unprocessable('invoice_already_paid');
        // A bill split into installments is paid installment by installment.
        if (r.paymentLevel === 'Installments') throw unprocessable('invoice_in_installments');
        if (r.toPay.way === 'suspended') throw unprocessable('invoice_collection_suspended');
        // Paying a bill the bank would take is the customer's explicit choice (ADR 052).
        if (r.toPay.way === 'direct_debit' && !body.skipDirectDebit)
          throw unprocessable('invoice_direct_debit');
        if (amountAsked(r) <= 0) throw unprocessable('invoice_nothing_to_pay');
      }
      const order = new Map(ids.map((id, i) => [id, i]));
      const pos = (r: (typeof rows)[number]) => order.get(String(r.id)) ?? order.get(r.key) ?? 0;
      rows.sort((a, b) => pos(a) - pos(b));
      return {
        customerId: rows[0]!.customerId,
        items: rows.map((r) => ({
          kind: 'invoice',
          id: r.id,
          invoiceId: r.id,
          label: r.number,
          amountCents: amountAsked(r),
        })),
        claims: rows.map((r) => ({ invoiceId: r.id, installmentId: null })),
      };
    }
    const rows = await invoices.installmentsByIds(db, ids);
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => !reach.includes(r.customerId))) throw forbidden();
    if (new Set(rows.map((r) => r.customerId)).size > 1)
      throw badRequest('invalid_input', [fieldError('items', 'invalid_input')]);
    if (rows.some((r) => !r.toBePaid)) throw unprocessable('installment_already_paid');
    await requireOldestFirst(rows);
    rows.sort((a, b) => ids.indexOf(String(a.id)) - ids.indexOf(String(b.id)));
    return {
      customerId: rows[0]!.customerId,
      items: rows.map((r) => ({
        kind: 'installment',
        id: r.id,
        invoiceId: r.invoiceId,
        label: `${r.invoiceNumber} rata ${r.number}`,
        amountCents: r.amountCents,
      })),
      claims: rows.map((r) => ({ invoiceId: r.invoiceId, installmentId: r.id })),
    };
  }

  return {
    async create(user: SessionUser, body: CreateBody, now: Date): Promise<Payment> {
      const gateway = gateways.get(body.gatewayId);
      if (!gateway)
        throw badRequest('payment_gateway_unknown', [fieldError('gatewayId', 'payment_gateway_unknown')]);
      const { customerId, items, claims } = await itemsOf(user, body, todayInRome(now));
      const total = items.reduce((sum, i) => sum + i.amountCents, 0);
      if (body.totalAmount !== undefined && body.totalAmount !== total)
        throw unprocessable('payment_amount_mismatch');
      const invoiceIds = [...new Set(claims.map((c) => c.invoiceId))];
      const returnInvoice = body.returnInvoiceId
        ? (await invoices.findManyByIdOrKey([body.returnInvoiceId]))[0]
        : undefined;
      if (body.returnInvoiceId && !returnInvoice) throw notFound();
      const returnTo = returnInvoice ? returnInvoice.id : items[0]!.invoiceId;
      if (returnTo === undefined || !invoiceIds.includes(returnTo)) {
        throw badRequest('invalid_input', [fieldError('returnInvoiceId', 'invalid_input')]);
      }

      let payment: PaymentRow;
      try {
        payment = await db.transaction(async (tx) => {
          await repository.expireStale(tx, invoiceIds, new Date(now.getTime() - checkoutMs));
          return repository.insertWithClaims(
            tx,
            {
              customerId,
              gatewayId: gateway.id,
              payKind: body.payKind,
              totalAmountCents: total,
              items,
              status: 'Pending',
              returnInvoiceId: returnTo,
            },
            claims,
          );
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The same customer asking again for the same bills (a double click, two tabs) gets the
        // payment already open; anything else waits for that payment's outcome.
        const open = await repository.claimants(invoiceIds);
        const same = open.find(
          (p) => p.customerId === customerId && p.status === 'Pending' && sameItems(p.items, items),
        );
        if (same) return toPaymentDto(same);
        // Name the bill that waits, so a customer who chose several knows which one.
        const claimed = new Set(open.flatMap((p) => p.items.map((i) => i.invoiceId ?? i.id)));
        const waiting = invoiceIds.find((id) => claimed.has(id));
        const [bill] = waiting === undefined ? [] : await invoices.findManyByIdOrKey([String(waiting)]);
        if (!bill) throw conflict('payment_in_progress');
        throw new AppError(409, 'payment_in_progress', [], MESSAGES_NAMING.payment_in_progress(bill.number));
      }

      const description =
        items.length === 1
          ? `Pagamento ${items[0]!.kind === 'installment' ? '' : 'bolletta n. '}${items[0]!.label}`
          : `Pagamento di ${items.length} ${body.payKind === 'Invoices' ? 'bollette' : 'rate'}`;
      try {
        const checkout = await gateway.createCheckout({
          paymentKey: payment.key,
          amountCents: total,
          description,
          okUrl: `/invoice/${returnTo}/payment_ok?payment=${payment.key}`,
          koUrl: `/invoice/${returnTo}/payment_ko?payment=${payment.key}`,
          expiresAt: new Date(payment.createdAt.getTime() + checkoutMs),
        });
        return toPaymentDto(
          await repository.setCheckout(payment.id, checkout.reference, checkout.redirectUrl),
        );
      } catch (err) {
        // No checkout, nothing charged: free the bills at once.
        await repository.finishWithoutGateway(payment.id);
        throw err;
      }
    },

    async get(idOrKey: string): Promise<Payment> {
      return toPaymentDto(await find(idOrKey));
    },

    async list(user: SessionUser, customerIdOrKey: string, page: { skip: number; take: number }) {
      const customer = await customers.find(user, customerIdOrKey);
      const { count, rows } = await repository.listByCustomer(Number(customer.id), page);
      return { count, payments: rows.map(toPaymentDto) };
    },

    /** SPEC §4: the outcome the browser saw, with its date; the status is the gateway's alone. */
    async recordUserOutcome(body: z.output<typeof erpPayments.modifyPayment.body>, now: Date) {
      const payment = await find(body.id);
      const at = body.userOutcomeDate ? new Date(body.userOutcomeDate) : now;
      return toPaymentDto(await repository.setUserOutcome(payment.id, body.userOutcome, at));
    },

    /**
     * A gateway notification, signature already checked. The event is recorded under its id in
     * the same transaction that applies it, with the payment row locked: a replay or a concurrent
     * duplicate finds the id taken and changes nothing. A late 'cancelled' or 'refused' after a
     * final status is recorded but ignored; a success after expiry is still applied (the money
     * was taken).
     */
    async applyEvent(gatewayId: number, event: GatewayEvent, now: Date): Promise<{ applied: boolean }> {
      const paid = await db.transaction(async (tx) => {
        const payment = await repository.lockByReference(tx, gatewayId, event.reference);
        if (!payment) throw notFound();
        if (!(await repository.recordEvent(tx, gatewayId, event.eventId, payment.id, event.outcome))) {
          return { applied: false };
        }
        if (FINAL.has(payment.status)) return { applied: false };
        if (event.outcome === 'succeeded' && event.amountCents !== payment.totalAmountCents) {
          throw new AppError(422, 'payment_amount_mismatch');
        }
        const status = STATUS_BY_OUTCOME[event.outcome];
        await repository.finish(tx, payment.id, status, now);
        if (status !== 'Paid') return { applied: true };
        const byInvoice = new Map<number, number>();
        for (const item of payment.items) {
          const invoiceId = item.invoiceId ?? item.id;
          byInvoice.set(invoiceId, (byInvoice.get(invoiceId) ?? 0) + item.amountCents);
        }
        await invoices.applyPaid(tx, byInvoice);
        await repository.recordSettled(tx, payment, byInvoice, now);
        await invoices.markInstallmentsPaid(
          tx,
          payment.items.filter((i) => i.kind === 'installment').map((i) => i.id),
          now,
        );
        // The receipt is queued with the payment: a process that stops after the commit leaves it to
        // the jobs worker, never untold. Only a payment recorded paid, once (a replay is not applied).
        const receipt = await receiptOf(tx, payment);
        const jobId = await notifications.queued.queue(tx, `payment:${payment.key}`, receipt, now);
        return { applied: true, receipt: { jobId, event: receipt } };
      });
      if (paid.receipt) await notifications.queued.sendNow(paid.receipt.jobId, paid.receipt.event, now);
      return { applied: paid.applied };
    },

    gateway: (id: number) => gateways.get(id),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
