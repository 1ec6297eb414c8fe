// The reconciliation (ADR 057): what the brand holds of each kind the ERP loads, as counts, checksums
// and totals the ERP computes the same way over its own books; and, page by page of the ERP's own
// list, the records that differ. Read from the ERP's records (their keys and versions), with the bill's
// and payment's own rows for their dates and amounts. Each figure is one statement in the database
// (an aggregate, never the rows in this process), so a brand of 100,000 records costs a sort there.
import { sql, type SQL } from 'drizzle-orm';
import { integration } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { AppError } from '../../http/app-error.js';

type Kind = integration.ReconcileKind;
type Period = { from: string; to: string };
type Difference = integration.ReconcileDifferenceRow;
type Side = { version: number; amountCents: number | null };

/**
 * The brand's records of a kind as rows of (ext_key, version, amount, counted): bills and payments
 * over the period, with their amounts (a payment returned by the bank counts no money), the other
 * kinds whole and without one.
 */
function recordsOf(brand: string, kind: Kind, period: Period): SQL {
  const own = sql`r.company_code = ${brand} and r.kind = ${kind}`;
  if (kind === 'bill')
    return sql`select r.ext_key, r.version, i.amount_cents::bigint as amount, true as counted
      from integration_records r join invoices i on i.id = r.entity_id
      where ${own} and i.issue_date between ${period.from} and ${period.to}`;
  if (kind === 'payment')
    return sql`select r.ext_key, r.version, p.amount_cents::bigint as amount, not p.returned as counted
      from integration_records r join collected_payments p on p.id = r.entity_id
      where ${own} and p.collected_on between ${period.from} and ${period.to}`;
  return sql`select r.ext_key, r.version, null::bigint as amount, false as counted
    from integration_records r where ${own}`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createReconciliation(db: Db) {
  /** Per kind: the count, the checksum of the sorted `extKey:version[:amountCents]` lines, the total. */
  async function summary(brand: string, period: Period): Promise<integration.ReconciliationSummary> {
    const kinds = [];
    for (const kind of integration.RECONCILE_KINDS) {
      // Keys sort in byte order (collate "C"): the ERP's sort of the same ASCII keys gives the same.
      const [row] = rowsOf<{ count: number; checksum: string; total: string | null }>(
        await db.execute(sql`
          select count(*)::int as count,
            encode(sha256(convert_to(coalesce(string_agg(
              ext_key || ':' || version || coalesce(':' || amount, '') || E'\\n', ''
              order by ext_key collate "C"), ''), 'UTF8')), 'hex') as checksum,
            sum(amount) filter (where counted) as total
          from (${recordsOf(brand, kind, period)}) k`),
      );
      const dated = integration.RECONCILE_DATED_KINDS.includes(kind);
      kinds.push({
        kind,
        overPeriod: dated,
        count: row!.count,
        checksum: row!.checksum,
        totalCents: dated ? Number(row!.total ?? 0) : null,
      });
    }
    return { ...period, kinds };
  }

  /**
   * The records that differ between a page of the ERP's list (every record it holds of the kind with
   * a key after `after` up to `through`) and the brand's in the same range, in key order.
   */
  async function differences(
    brand: string,
    page: Period & {
      kind: Kind;
      after: string | null;
      through: string | null;
      records: readonly { extKey: string; version: number; amountCents: number | null }[];
    },
  ): Promise<{ differences: Difference[] }> {
    // Keys are ASCII (the ERP key's pattern), so JavaScript's order is the database's byte order.
    const inRange = (key: string) =>
      (page.after === null || key > page.after) && (page.through === null || key <= page.through);
    const outside = page.records.find((r) => !inRange(r.extKey));
    if (outside)
      throw new AppError(422, 'reconcile_key_out_of_range', [
        { field: 'records', code: 'reconcile_key_out_of_range', message: outside.extKey },
      ]);
    const range = sql.join(
      [
        sql`true`,
        ...(page.after === null ? [] : [sql`ext_key collate "C" > ${page.after}`]),
        ...(page.through === null ? [] : [sql`ext_key collate "C" <= ${page.through}`]),
      ],
      sql` and `,
    );
    const portal = new Map(
      rowsOf<{ ext_key: string; version: string | number; amount: string | number | null }>(
        await db.execute(sql`select ext_key, version, amount
          from (${recordsOf(brand, page.kind, page)}) k where ${range}`),
      ).map((r): [string, Side] => [
        r.ext_key,
        { version: Number(r.version), amountCents: r.amount === null ? null : Number(r.amount) },
      ]),
    );
    const found: Difference[] = [];
    const erpKeys = new Set<string>();
    for (const r of page.records) {
      erpKeys.add(r.extKey);
      const held = portal.get(r.extKey);
      const erp = { version: r.version, amountCents: r.amountCents };
      const difference = !held
        ? 'missing_in_portal'
        : held.version !== r.version
          ? 'version_differs'
          : r.amountCents !== null && held.amountCents !== r.amountCents
            ? 'amount_differs'
            : null;
      if (difference) found.push({ extKey: r.extKey, difference, portal: held ?? null, erp });
    }
    for (const [extKey, held] of portal)
      if (!erpKeys.has(extKey)) found.push({ extKey, difference: 'missing_in_erp', portal: held, erp: null });
    found.sort((a, b) => (a.extKey < b.extKey ? -1 : a.extKey > b.extKey ? 1 : 0));
    return { differences: found };
  }

  return { summary, differences };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
