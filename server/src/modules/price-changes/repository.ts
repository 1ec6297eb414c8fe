// SQL of price changes (ADR 035, ADR 058): the supply a notice is about (with its offer, holder and
// brand), storing a notice once per supply and day of change, writing what it was sent as, the day it
// was received and the bill its compensation was credited on, and the notices sent still to apply of a
// customer or of a supply. Other modules' rows are only read here. Every write takes the caller's
// transaction: a notice the supplier's systems load is written in their load's.
import { and, asc, eq, gte, isNotNull, isNull, notExists, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import {
  customers,
  invoices,
  messages,
  offers,
  priceChanges,
  proposals,
  supplies,
} from '@sportello/db/schema';

export type NewPriceChange = Omit<typeof priceChanges.$inferInsert, 'id' | 'messageId'>;
export type PriceChangeRow = typeof priceChanges.$inferSelect;

const compensationInvoices = alias(invoices, 'compensation_invoices');

const listColumns = {
  change: priceChanges,
  supply: {
    id: supplies.id,
    key: supplies.key,
    commodity: supplies.commodity,
    pointCode: supplies.pointCode,
    nickname: supplies.nickname,
    address: supplies.address,
    postalCode: supplies.postalCode,
    locality: supplies.locality,
    province: supplies.province,
  },
  offer: { extKey: offers.extKey, name: offers.name },
  message: { id: messages.id, key: messages.key },
  compensationInvoice: { key: compensationInvoices.key, number: compensationInvoices.number },
};
export type PriceChangeListRow = {
  change: PriceChangeRow;
  supply: {
    id: number;
    key: string;
    commodity: string;
    pointCode: string;
    nickname: string | null;
    address: string;
    postalCode: string;
    locality: string;
    province: string;
  };
  offer: { extKey: string; name: string };
  message: { id: number; key: string } | null;
  compensationInvoice: { key: string; number: string } | null;
};

export function createPriceChangesRepository(db: Db) {
  // A proposal the customer accepted on the supply's contract after the notice was sent replaces the
  // offer the notice changes: its new prices will never apply, so the notice is no longer pending.
  const replacedByProposal = db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(proposals.customerId, priceChanges.customerId),
        eq(proposals.contractId, supplies.contractId),
        eq(proposals.actionSelected, 'accepted'),
        gte(proposals.answeredAt, priceChanges.createdAt),
      ),
    );

  /** The notices sent of `match` whose prices apply from `today` on and no accepted proposal replaced, soonest first. */
  const pending = (match: SQL | undefined, today: string): Promise<PriceChangeListRow[]> =>
    db
      .select(listColumns)
      .from(priceChanges)
      .innerJoin(supplies, eq(supplies.id, priceChanges.supplyId))
      .innerJoin(offers, eq(offers.id, priceChanges.offerId))
      .leftJoin(messages, eq(messages.id, priceChanges.messageId))
      .leftJoin(compensationInvoices, eq(compensationInvoices.id, priceChanges.compensationInvoiceId))
      .where(
        and(
          match,
          isNotNull(priceChanges.messageId),
          gte(priceChanges.effectiveOn, today),
          notExists(replacedByProposal),
        ),
      )
      .orderBy(asc(priceChanges.effectiveOn), asc(priceChanges.id));

  return {
    /** The supply a notice is about, with its offer (null without one), its holder and brand. */
    async supply(tx: Db, idOrKey: string) {
      const [row] = await tx
        .select({
          supply: {
            id: supplies.id,
            key: supplies.key,
            extKey: supplies.extKey,
            customerId: supplies.customerId,
            contractId: supplies.contractId,
            commodity: supplies.commodity,
            pointCode: supplies.pointCode,
            nickname: supplies.nickname,
            address: supplies.address,
            locality: supplies.locality,
            technicalData: supplies.technicalData,
          },
          offer: { id: offers.id, name: offers.name, prices: offers.prices },
          holder: {
            name: customers.name,
            email: customers.email,
            customerType: customers.customerType,
            companyCode: customers.companyCode,
          },
        })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .leftJoin(offers, eq(offers.id, supplies.offerId))
        .where(byIdOrKey(supplies.id, supplies.key, idOrKey))
        .limit(1);
      return row;
    },

    /** Stores a notice; undefined when one for the same supply and day of change exists already. */
    async insert(tx: Db, values: NewPriceChange) {
      const [row] = await tx
        .insert(priceChanges)
        .values(values)
        .onConflictDoNothing({ target: [priceChanges.supplyId, priceChanges.effectiveOn] })
        .returning();
      return row;
    },

    /** A notice, locked for the caller's transaction. */
    async lock(tx: Db, id: number): Promise<PriceChangeRow | undefined> {
      const [row] = await tx.select().from(priceChanges).where(eq(priceChanges.id, id)).for('update');
      return row;
    },

    messageKey: async (messageId: number) =>
      (await db.select({ key: messages.key }).from(messages).where(eq(messages.id, messageId)))[0]?.key,

    find: async (id: number): Promise<PriceChangeRow | undefined> =>
      (await db.select().from(priceChanges).where(eq(priceChanges.id, id)))[0],

    /**
     * Records what a notice was sent as (its message and the estimate it carried), once: false when
     * another process sent it first.
     */
    async markSent(
      tx: Db,
      id: number,
      sent: Pick<
        PriceChangeRow,
        'messageId' | 'usedMilliUnits' | 'monthsCounted' | 'yearlyEffectCents' | 'vatPercent'
      >,
    ) {
      const rows = await tx
        .update(priceChanges)
        .set(sent)
        .where(and(eq(priceChanges.id, id), isNull(priceChanges.messageId)))
        .returning({ id: priceChanges.id });
      return rows.length > 0;
    },

    /** A notice whose sending failed: as if it had never been stored. */
    async remove(id: number) {
      await db.delete(priceChanges).where(eq(priceChanges.id, id));
    },

    async update(
      tx: Db,
      id: number,
      values: Partial<Pick<PriceChangeRow, 'receivedOn' | 'compensationInvoiceId'>>,
    ) {
      await tx.update(priceChanges).set(values).where(eq(priceChanges.id, id));
    },

    /** A bill's customer, to check a compensation is credited on the holder's own bill. */
    async invoiceCustomer(tx: Db, invoiceId: number) {
      const [row] = await tx
        .select({ customerId: invoices.customerId })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      return row?.customerId;
    },

    ofCustomer: (customerId: number, today: string) =>
      pending(eq(priceChanges.customerId, customerId), today),

    ofSupply: (supplyIdOrKey: string, today: string) =>
      pending(byIdOrKey(supplies.id, supplies.key, supplyIdOrKey), today),
  };
}

export type PriceChangesRepository = ReturnType<typeof createPriceChangesRepository>;
