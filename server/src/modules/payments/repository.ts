// SQL for payments: create one with its claims on the bills it collects, read them, and apply a
// gateway event exactly once (the event id is a primary key; the payment row is locked).
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { contracts, invoices, paymentClaims, paymentEvents, payments } from '@sportello/db/schema';
import { todayInRome } from '@sportello/domain';
import { erpKeysOf } from '../../platform/events/erp-keys.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'key' | 'createdAt'>;
export type Claim = { invoiceId: number; installmentId: number | null };

const newKey = () => `PAY-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createPaymentsRepository(db: Db) {
  return {
    /**
     * Frees the claims of pending payments on these bills whose checkout time is over, marking
     * them Expired, so an abandoned checkout does not block the bill for ever.
     */
    async expireStale(tx: Db, invoiceIds: number[], before: Date): Promise<void> {
      const stale = tx
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(paymentClaims, eq(paymentClaims.paymentId, payments.id))
        .where(
          and(
            inArray(paymentClaims.invoiceId, invoiceIds),
            eq(payments.status, 'Pending'),
            lt(payments.createdAt, before),
          ),
        );
      const ids = (await stale).map((r) => r.id);
      if (ids.length === 0) return;
      await tx.delete(paymentClaims).where(inArray(paymentClaims.paymentId, ids));
      await tx.update(payments).set({ status: 'Expired' }).where(inArray(payments.id, ids));
    },

    /** Inserts the payment and its claims; a bill already claimed fails on the unique index. */
    async insertWithClaims(tx: Db, values: NewPayment, claims: Claim[]): Promise<PaymentRow> {
      const [row] = await tx
        .insert(payments)
        .values({ ...values, key: newKey() })
        .returning();
      if (!row) throw new Error('payment not inserted');
      await tx.insert(paymentClaims).values(claims.map((c) => ({ ...c, paymentId: row.id })));
      return row;
    },

    /** The open payments holding claims on these bills. */
    async claimants(invoiceIds: number[]): Promise<PaymentRow[]> {
      return db
        .selectDistinct({ payment: payments })
        .from(payments)
        .innerJoin(paymentClaims, eq(paymentClaims.paymentId, payments.id))
        .where(inArray(paymentClaims.invoiceId, invoiceIds))
        .then((rows) => rows.map((r) => r.payment));
    },

    async setCheckout(id: number, gatewayRef: string, redirectUrl: string): Promise<PaymentRow> {
      const [row] = await db
        .update(payments)
        .set({ gatewayRef, redirectUrl })
        .where(eq(payments.id, id))
        .returning();
      if (!row) throw new Error('payment vanished');
      return row;
    },

    async finishWithoutGateway(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(paymentClaims).where(eq(paymentClaims.paymentId, id));
        await tx.update(payments).set({ status: 'Cancelled' }).where(eq(payments.id, id));
      });
    },

    async find(idOrKey: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(byIdOrKey(payments.id, payments.key, idOrKey))
        .limit(1);
      return row;
    },

    async listByCustomer(customerId: number, page: { skip: number; take: number }) {
      const where = eq(payments.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(page.take)
          .offset(page.skip),
        db.select({ value: count() }).from(payments).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    async setUserOutcome(id: number, userOutcome: string, userOutcomeDate: Date): Promise<PaymentRow> {
      const [row] = await db
        .update(payments)
        .set({ userOutcome, userOutcomeDate })
        .where(eq(payments.id, id))
        .returning();
      if (!row) throw new Error('payment vanished');
      return row;
    },

    /** Locks the payment a gateway reference names, for the rest of the transaction. */
    async lockByReference(tx: Db, gatewayId: number, reference: string): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.gatewayId, gatewayId), eq(payments.gatewayRef, reference)))
        .for('update');
      return row;
    },

    /** Records the event; false when it was already recorded (a replay). */
    async recordEvent(
      tx: Db,
      gatewayId: number,
      eventId: string,
      paymentId: number,
      outcome: string,
    ): Promise<boolean> {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ gatewayId, eventId, paymentId, outcome })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return inserted.length > 0;
    },

    /** The supplier's systems hear of a settled payment with its settlement (ADR 036's outbox). */
    async recordSettled(tx: Db, payment: PaymentRow, byInvoice: Map<number, number>, at: Date) {
      const numbers = await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          dueDate: invoices.dueDate,
          directDebit: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.id} = ${invoices.contractId} and ${contracts.banking} is not null)`,
        })
        .from(invoices)
        .where(inArray(invoices.id, [...byInvoice.keys()]));
      const numberOf = new Map(numbers.map((n) => [n.id, n.number]));
      const extKeyOf = await erpKeysOf(tx, 'bill', [...byInvoice.keys()]);
      await recordCustomerEvent(tx, {
        customerId: payment.customerId,
        kind: 'payment.settled',
        entityKey: payment.key,
        payload: {
          paymentKey: payment.key,
          amountCents: payment.totalAmountCents,
          paidAt: at.toISOString(),
          bills: [...byInvoice].map(([id, amountCents]) => ({
            invoiceNumber: numberOf.get(id) ?? String(id),
            amountCents,
            billId: id,
            billExtKey: extKeyOf.get(id) ?? null,
          })),
        },
      });
      // A bill on direct debit paid here before its date: the bank must not take it again (ADR 052).
      const today = todayInRome(at);
      for (const bill of numbers.filter((n) => n.directDebit && n.dueDate >= today))
        await recordCustomerEvent(tx, {
          customerId: payment.customerId,
          kind: 'invoice.leftOutOfDebit',
          entityKey: payment.key,
          payload: {
            invoiceNumber: bill.number,
            reason: 'paidInPortal',
            amountCents: byInvoice.get(bill.id) ?? 0,
            dueDate: bill.dueDate,
          },
        });
    },

    async finish(tx: Db, id: number, status: PaymentRow['status'], at: Date): Promise<void> {
      await tx.delete(paymentClaims).where(eq(paymentClaims.paymentId, id));
      await tx
        .update(payments)
        .set({ status, completedAt: at, redirectUrl: null })
        .where(eq(payments.id, id));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
