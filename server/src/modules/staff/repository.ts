// SQL of the customer-care console (ADR 041): staff accounts and their second factors, the one search
// over customers, supplies (POD/PDR) and bills (number), and the staff audit of a customer. The search
// reads other modules' tables, read-only, in one statement: the one-box search must answer in one
// round trip at a million customers (ADR 041 says why it is not three services' calls).
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { staffAudit, staffFactors, staffUsers } from '@sportello/db/schema';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export interface SearchRow {
  id: number;
  company: string;
  customerCode: string;
  name: string;
  fiscalCode: string | null;
  vatNumber: string | null;
  matched: string;
  matchedValue: string;
}

interface SearchResultRow {
  id: string;
  company: string;
  customer_code: string;
  name: string;
  fiscal_code: string | null;
  vat_number: string | null;
  matched: string;
  matched_value: string;
}

/** Results at most, and name candidates looked at before the brands' filter (trigram order). */
const SEARCH_LIMIT = 20;

export function createStaffRepository(db: Db) {
  return {
    async byUsername(username: string): Promise<StaffUserRow | undefined> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
      return row;
    },

    async create(values: typeof staffUsers.$inferInsert, totpSecret: string): Promise<StaffUserRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(staffUsers).values(values).returning();
        if (!user) throw new Error('staff user not created');
        await tx.insert(staffFactors).values({ staffUserId: user.id, kind: 'totp', secret: totpSecret });
        return user;
      });
    },

    async totpOf(staffUserId: number) {
      const [row] = await db
        .select()
        .from(staffFactors)
        .where(and(eq(staffFactors.staffUserId, staffUserId), eq(staffFactors.kind, 'totp')))
        .limit(1);
      return row;
    },

    /**
     * Takes a code's time step: true only for the first login with it (a step is taken once, and never
     * one before the last taken), so a code seen over a shoulder or replayed opens nothing.
     */
    async takeStep(factorId: number, step: number): Promise<boolean> {
      const taken = await db
        .update(staffFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(staffFactors.id, factorId),
            or(isNull(staffFactors.lastStep), lt(staffFactors.lastStep, step)),
          ),
        )
        .returning({ id: staffFactors.id });
      return taken.length > 0;
    },

    /**
     * Customers of `brands` matching `q` exactly by fiscal code, VAT number, client code, e-mail, phone,
     * POD/PDR or bill number, or by name within typo distance (pg_trgm word similarity, index
     * customers_name_trgm_idx); exact matches first, then names by similarity.
     */
    async search(q: string, brands: readonly string[]): Promise<SearchRow[]> {
      const lower = q.toLowerCase();
      const upper = q.toUpperCase();
      const phone = q.replace(/[\s.-]/g, '');
      const brandList = sql`array[${sql.join(
        brands.map((b) => sql`${b}`),
        sql`, `,
      )}]::text[]`;
      const result = (await db.execute(sql`
        with found as (
          select id, 'fiscalCode' as matched, fiscal_code as value, 0::real as distance from customers
            where fiscal_code = ${upper} and company_code = any(${brandList})
          union all select id, 'vatNumber', vat_number, 0 from customers
            where vat_number = ${q} and company_code = any(${brandList})
          union all select id, 'customerCode', customer_code, 0 from customers
            where customer_code = ${q} and company_code = any(${brandList})
          union all select id, 'email', email, 0 from customers
            where lower(email) = ${lower} and company_code = any(${brandList})
          union all select id, 'phone', phone_mobile, 0 from customers
            where phone_mobile = ${phone} and company_code = any(${brandList})
          union all select customer_id, 'pointCode', point_code, 0 from supplies where point_code = ${upper}
          union all select customer_id, 'bill', number, 0 from invoices where number = ${q}
          union all (select id, 'name', name, ${lower} <<-> lower(name) from customers
            where ${lower} <% lower(name) and company_code = any(${brandList})
            order by ${lower} <<-> lower(name) limit ${SEARCH_LIMIT * 2})
        ), best as (
          select distinct on (found.id) found.id, matched, value, distance from found order by found.id, distance
        )
        select c.id, c.company_code as company, c.customer_code, c.name, c.fiscal_code, c.vat_number,
               best.matched, best.value as matched_value
        from best join customers c on c.id = best.id
        where c.company_code = any(${brandList})
        order by best.distance, c.name, c.id
        limit ${SEARCH_LIMIT}`)) as unknown as { rows: SearchResultRow[] };
      return result.rows.map((r) => ({
        id: Number(r.id),
        company: r.company,
        customerCode: r.customer_code,
        name: r.name,
        fiscalCode: r.fiscal_code,
        vatNumber: r.vat_number,
        matched: r.matched,
        matchedValue: r.matched_value,
      }));
    },

    /** What the staff did about a customer, newest first. */
    async auditOfCustomer(customerId: number, take: number) {
      return db
        .select({
          at: staffAudit.at,
          staff: staffUsers.username,
          action: staffAudit.action,
          detail: staffAudit.detail,
        })
        .from(staffAudit)
        .leftJoin(staffUsers, eq(staffUsers.id, staffAudit.staffUserId))
        .where(eq(staffAudit.customerId, customerId))
        .orderBy(desc(staffAudit.id))
        .limit(take);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
