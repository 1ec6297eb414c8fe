// The demo accounts as the supplier's ERP knows them (ADR 036): each customer, contract, supply and bill
// has its row in integration_records, at version 0, so the integration API can address them by key
// from the first start (a bill for mariorossi's contract, a corrected phone number) instead of refusing
// their keys as taken. Keys: `ERP-` and the portal key for customers and contracts (they have no ERP key
// column); the supply's and the bill's own `ext_key`. Any version above 0 from the ERP applies.
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';

/** `today` stamps the rows, so the seed stays deterministic. */
export async function registerDemoErpKeys(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    with stamp_of as (select ${today}::timestamptz as stamp)
    insert into integration_records (company_code, kind, ext_key, entity_id, version, updated_at)
    select company_code, 'customer', 'ERP-' || key, id, 0, stamp from customers, stamp_of
    union all
    select company_code, 'contract', 'ERP-' || key, id, 0, stamp from contracts, stamp_of
    union all
    select c.company_code, 'supply', s.ext_key, s.id, 0, stamp from supplies s join contracts c on c.id = s.contract_id cross join stamp_of
    union all
    select company_code, 'bill', ext_key, id, 0, stamp from invoices, stamp_of`);
}
