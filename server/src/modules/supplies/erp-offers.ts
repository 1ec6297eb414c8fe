// An offer of the brand's catalogue as the supplier's systems send it (the integration module's
// import, ADR 040 item 10), in the caller's transaction: the offers page lists it, and the customers
// supplied under it see its prices and conditions on its sheet.
import { anyOf, textArray } from '@sportello/db/arrays';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { offers, supplies, type OfferPriceRow } from '@sportello/db/schema';

export interface ErpOffer {
  companyCode: string;
  extKey: string;
  name: string;
  commodity: string;
  priceType: string;
  description: string | null;
  prices: OfferPriceRow[];
  conditions: string[];
  /** The market the offer serves (ADR 068): 'libero', 'tutele_graduali' or 'vulnerabilita'. */
  market: string;
}

/**
 * Writes the offer its ERP key names: the row it already is (one loaded before, or the brand's own
 * offer under that key, which the ERP takes over), or a new one. Null when the key is another
 * brand's offer's (the portal's useExtKey names an offer by that key alone).
 */
export async function saveOfferFromErp(tx: Db, offer: ErpOffer): Promise<number | null> {
  const [held] = await tx
    .select({ id: offers.id, companyCode: offers.companyCode })
    .from(offers)
    .where(eq(offers.extKey, offer.extKey))
    .for('update');
  if (held && held.companyCode !== offer.companyCode) return null;
  const values = { ...offer, conditions: offer.conditions.length > 0 ? offer.conditions.join('\n') : null };
  if (held) {
    await tx.update(offers).set(values).where(eq(offers.id, held.id));
    return held.id;
  }
  const [row] = await tx
    .insert(offers)
    .values({ ...values, key: `OFF-${randomUUID()}` })
    .returning({ id: offers.id });
  return row!.id;
}

/** The brand's offers these ERP keys name, by key, with their commodity (a supply record names its offer by it). */
export async function offersByExtKey(tx: Db, companyCode: string, extKeys: readonly string[]) {
  if (extKeys.length === 0) return new Map<string, { id: number; commodity: string }>();
  const rows = await tx
    .select({ id: offers.id, extKey: offers.extKey, commodity: offers.commodity })
    .from(offers)
    .where(and(eq(offers.companyCode, companyCode), anyOf(offers.extKey, textArray(new Set(extKeys)))));
  return new Map(rows.map((r) => [r.extKey, { id: r.id, commodity: r.commodity }]));
}

/**
 * The offer box a contract's bill prints: the offers its supplies are on, one each (the bill's page
 * shows the same, ADR 059), with their commodity and prices.
 */
export async function offerBoxOfContract(tx: Db, contractId: number) {
  const rows = await tx
    .selectDistinct({
      id: offers.id,
      extKey: offers.extKey,
      commodity: offers.commodity,
      prices: offers.prices,
    })
    .from(supplies)
    .innerJoin(offers, eq(offers.id, supplies.offerId))
    .where(eq(supplies.contractId, contractId))
    .orderBy(offers.id);
  return rows;
}
