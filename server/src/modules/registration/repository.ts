// SQL of registration: finding a customer by client code and tax code, its contracts in force and its
// holder, writing delegate addresses, delegation requests and the delegations they grant (users and
// customers are written through their modules' services).
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import {
  contracts,
  customers,
  delegateAddresses,
  delegationRequests,
  delegations,
  invoices,
  supplies,
  users,
} from '@sportello/db/schema';

export type CustomerRow = typeof customers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type DelegationRequestRow = typeof delegationRequests.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** The tax code column a customer type is known by: a person's fiscal code, else the VAT number too. */
const taxCodeMatches = (taxCode: string) =>
  or(sql`upper(${customers.fiscalCode}) = ${taxCode}`, sql`upper(${customers.vatNumber}) = ${taxCode}`);

export function createRegistrationRepository(db: Db) {
  return {
    db,
    /** The brand's customer with this client code, if its tax code is the one given (upper case). */
    async customerByCodes(company: string, customerCode: string, taxCode: string, run: Runner = db) {
      const [row] = await run
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.companyCode, company),
            eq(customers.customerCode, customerCode),
            taxCodeMatches(taxCode),
          ),
        )
        .limit(1);
      return row;
    },
    /** Locks the customer row, so two registrations of one customer are decided one after the other. */
    async lockCustomer(tx: Tx, id: number) {
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    },
    contractsOf: (customerId: number) =>
      db.select().from(contracts).where(eq(contracts.customerId, customerId)).orderBy(contracts.id),
    suppliesOf: (customerId: number) =>
      db.select().from(supplies).where(eq(supplies.customerId, customerId)).orderBy(supplies.id),
    async holderOf(customerId: number, run: Runner = db): Promise<UserRow | undefined> {
      const [row] = await run.select().from(users).where(eq(users.customerId, customerId)).limit(1);
      return row;
    },
    async findUser(company: string, username: string, run: Runner = db): Promise<UserRow | undefined> {
      const [row] = await run
        .select()
        .from(users)
        .where(and(eq(users.companyCode, company), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return row;
    },
    async userById(id: number, run: Runner = db): Promise<UserRow | undefined> {
      const [row] = await run.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async insertAddress(run: Runner, values: typeof delegateAddresses.$inferInsert) {
      await run.insert(delegateAddresses).values(values);
    },
    async openRequest(userId: number, customerId: number): Promise<DelegationRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(delegationRequests)
        .where(
          and(
            eq(delegationRequests.userId, userId),
            eq(delegationRequests.customerId, customerId),
            eq(delegationRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return row;
    },
    /** A new pending request; undefined when one is pending already (a concurrent double submit). */
    async insertRequest(values: typeof delegationRequests.$inferInsert) {
      const [row] = await db.insert(delegationRequests).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Settles a pending request once; undefined when it was settled already. */
    async decideRequest(workflowId: string, status: 'granted' | 'refused', at: Date, run: Runner = db) {
      const [row] = await run
        .update(delegationRequests)
        .set({ status, decidedAt: at })
        .where(and(eq(delegationRequests.workflowId, workflowId), eq(delegationRequests.status, 'pending')))
        .returning();
      return row;
    },
    /** Active delegations to every customer of the brand under the delegator's tax or VAT code (SPEC §6). */
    async grantUnderSameTaxCode(userId: number, delegator: CustomerRow) {
      const codes = [delegator.fiscalCode, delegator.vatNumber].filter((c): c is string => !!c);
      const sameHolder = or(
        eq(customers.id, delegator.id),
        ...codes.map((code) => taxCodeMatches(code.toUpperCase())),
      );
      const targets = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.companyCode, delegator.companyCode), sameHolder));
      if (targets.length === 0) return;
      await db
        .insert(delegations)
        .values(targets.map((t) => ({ userId, customerId: t.id, status: 'Active' })))
        .onConflictDoUpdate({
          target: [delegations.userId, delegations.customerId],
          set: { status: 'Active' },
        });
    },
    /** The customer's active delegations with their delegates, oldest first (ADR 047). */
    givenDelegations: (customerId: number) =>
      db
        .select({ delegation: delegations, user: users })
        .from(delegations)
        .innerJoin(users, eq(users.id, delegations.userId))
        .where(and(eq(delegations.customerId, customerId), eq(delegations.status, 'Active')))
        .orderBy(delegations.createdAt, delegations.id),
    /**
     * Ends the delegate's active delegations to every customer under the delegator's tax or VAT code,
     * as they were granted (SPEC §6); the permission to change the direct debit ends with them. Answers
     * the customers it ended, none when there was no active delegation.
     */
    async revokeUnderSameTaxCode(userId: number, delegator: CustomerRow) {
      const codes = [delegator.fiscalCode, delegator.vatNumber].filter((c): c is string => !!c);
      const sameHolder = or(
        eq(customers.id, delegator.id),
        ...codes.map((code) => taxCodeMatches(code.toUpperCase())),
      );
      const holderCustomers = db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.companyCode, delegator.companyCode), sameHolder));
      return db
        .update(delegations)
        .set({ status: 'Revoked', mayChangeBanking: false })
        .where(
          and(
            eq(delegations.userId, userId),
            eq(delegations.status, 'Active'),
            inArray(delegations.customerId, holderCustomers),
          ),
        )
        .returning({ customerId: delegations.customerId });
    },
    /** Sets whether the delegate may change the customer's direct debit; undefined when not active. */
    async setMayChangeBanking(userId: number, customerId: number, value: boolean) {
      const [row] = await db
        .update(delegations)
        .set({ mayChangeBanking: value })
        .where(
          and(
            eq(delegations.userId, userId),
            eq(delegations.customerId, customerId),
            eq(delegations.status, 'Active'),
          ),
        )
        .returning();
      return row;
    },
    /** The customer's latest bills (number and total), newest first: a proof when nothing is on file. */
    latestInvoices: (customerId: number, count: number) =>
      db
        .select({ number: invoices.number, amountCents: invoices.amountCents })
        .from(invoices)
        .where(eq(invoices.customerId, customerId))
        .orderBy(desc(invoices.issueDate), desc(invoices.id))
        .limit(count),
    async customerById(id: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
