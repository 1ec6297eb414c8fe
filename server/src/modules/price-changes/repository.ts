// SQL of price changes (ADR 035): the supply a notice is about (with its offer and brand), storing a
// notice once per supply and day of change and linking the message it was sent as, and the notices
// still to apply of a customer or of a supply. Other modules' rows are only read here.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { customers, messages, offers, priceChanges, proposals, supplies } from '@sportello/db/schema';

export type NewPriceChange = Omit<typeof priceChanges.$inferInsert, 'id' | 'key' | 'messageId'>;

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
};
export type PriceChangeListRow = {
  change: typeof priceChanges.$inferSelect;
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

  /** The notices of `match` whose prices apply from `today` on and no accepted proposal replaced, soonest first. */
  const pending = (match: SQL | undefined, today: string): Promise<PriceChangeListRow[]> =>
    db
      .select(listColumns)
      .from(priceChanges)
      .innerJoin(supplies, eq(supplies.id, priceChanges.supplyId))
      .innerJoin(offers, eq(offers.id, priceChanges.offerId))
      .leftJoin(messages, eq(messages.id, priceChanges.messageId))
      .where(and(match, gte(priceChanges.effectiveOn, today), notExists(replacedByProposal)))
      .orderBy(asc(priceChanges.effectiveOn), asc(priceChanges.id));

  return {
    /** The supply a notice is about, with its offer (null without one) and its customer's brand. */
    async supply(idOrKey: string) {
      const [row] = await db
        .select({
          supply: {
            id: supplies.id,
            key: supplies.key,
            customerId: supplies.customerId,
            commodity: supplies.commodity,
            pointCode: supplies.pointCode,
            nickname: supplies.nickname,
            address: supplies.address,
            locality: supplies.locality,
            technicalData: supplies.technicalData,
          },
          offer: { id: offers.id, name: offers.name, prices: offers.prices },
          companyCode: customers.companyCode,
        })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .leftJoin(offers, eq(offers.id, supplies.offerId))
        .where(byIdOrKey(supplies.id, supplies.key, idOrKey))
        .limit(1);
      return row;
    },

    /** Stores a notice; undefined when one for the same supply and day of change exists already. */
    async insert(values: NewPriceChange, year: number) {
      const key = `VAR-${year}-${randomBytes(3).toString('hex').toUpperCase()}`;
      const [row] = await db
        .insert(priceChanges)
        .values({ ...values, key })
        .onConflictDoNothing({ target: [priceChanges.supplyId, priceChanges.effectiveOn] })
        .returning({ id: priceChanges.id, key: priceChanges.key });
      return row;
    },

    async setMessage(id: number, messageId: number) {
      await db.update(priceChanges).set({ messageId }).where(eq(priceChanges.id, id));
    },

    /** A notice whose message could not be sent: as if it had never been stored. */
    async remove(id: number) {
      await db.delete(priceChanges).where(eq(priceChanges.id, id));
    },

    ofCustomer: (customerId: number, today: string) =>
      pending(eq(priceChanges.customerId, customerId), today),

    ofSupply: (supplyIdOrKey: string, today: string) =>
      pending(byIdOrKey(supplies.id, supplies.key, supplyIdOrKey), today),
  };
}

export type PriceChangesRepository = ReturnType<typeof createPriceChangesRepository>;
