// SQL of the customer page's other sections (ADR 045): read-only, each the latest `take` rows of one
// customer by an indexed path, all run at once. Like the staff search (ADR 041) it reads other modules'
// tables in place of a service call per section: one page, one round of parallel statements. It never
// selects a secret column (password hash, session id or hash, token, code, a message's text).
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import {
  collectedPayments,
  customers,
  delegationRequests,
  delegations,
  devices,
  invoices,
  jobs,
  payments,
  readingSubmissions,
  readings,
  securityEvents,
  sessions,
  supplies,
  users,
} from '@sportello/db/schema';

export type CustomerUser = Awaited<ReturnType<StaffAccountRepository['usersOf']>>[number];

export function createStaffAccountRepository(db: Db) {
  return {
    /** The customer's own portal users (holders), the actions' targets. */
    usersOf: (customerId: number) =>
      db
        .select({
          id: users.id,
          username: users.username,
          status: users.status,
          companyCode: users.companyCode,
          email: users.email,
          phoneMobile: users.phoneMobile,
          firstName: users.firstName,
          receiveCommercialNotifications: users.receiveCommercialNotifications,
          receiveTechNotifications: users.receiveTechNotifications,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(eq(users.customerId, customerId))
        .orderBy(users.id),

    portalPayments: (customerId: number, take: number) =>
      db
        .select({
          at: payments.createdAt,
          status: payments.status,
          amountCents: payments.totalAmountCents,
          billNumber: invoices.number,
        })
        .from(payments)
        .leftJoin(
          invoices,
          // The bill it paid: the return page's, else the first item's (rows before either have none).
          eq(
            invoices.id,
            sql`coalesce(${payments.returnInvoiceId}, (${payments.items}->0->>'invoiceId')::bigint)`,
          ),
        )
        .where(eq(payments.customerId, customerId))
        .orderBy(desc(payments.createdAt))
        .limit(take),

    collected: (customerId: number, take: number) =>
      db
        .select({
          on: collectedPayments.collectedOn,
          channel: collectedPayments.channel,
          returned: collectedPayments.returned,
          amountCents: collectedPayments.amountCents,
          billNumber: invoices.number,
        })
        .from(collectedPayments)
        .innerJoin(invoices, eq(invoices.id, collectedPayments.invoiceId))
        .where(eq(invoices.customerId, customerId))
        .orderBy(desc(collectedPayments.collectedOn), desc(collectedPayments.id))
        .limit(take),

    readings: (customerId: number, take: number) =>
      db
        .select({
          date: readings.readingDate,
          pointCode: supplies.pointCode,
          source: readings.source,
          status: readings.status,
          values: readings.values,
          note: readings.note,
          submitted: readingSubmissions.id,
          implausible: readingSubmissions.implausible,
          implausibleConfirmed: readingSubmissions.implausibleConfirmed,
          meterReplaced: readingSubmissions.meterReplaced,
        })
        .from(readings)
        .innerJoin(supplies, eq(supplies.id, readings.supplyId))
        .leftJoin(readingSubmissions, eq(readingSubmissions.readingId, readings.id))
        .where(eq(supplies.customerId, customerId))
        .orderBy(desc(readings.readingDate), desc(readings.id))
        .limit(take),

    consentsOf: async (customerId: number) => {
      const [row] = await db
        .select({ privacyCompany: customers.privacyCompany, privacyOthers: customers.privacyOthers })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },

    /** Live sessions: device and times only (the key, id and hash stay in the sessions module). */
    sessionsOf: (userIds: number[], now: Date, take: number) =>
      db
        .select({
          userId: sessions.userId,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(inArray(sessions.userId, userIds), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(take),

    /** Delegates of this customer (granted, and asked while pending). */
    delegationsGiven: async (customerId: number, take: number) => {
      const [granted, asked] = await Promise.all([
        db
          .select({ who: users.username, status: delegations.status, at: delegations.createdAt })
          .from(delegations)
          .innerJoin(users, eq(users.id, delegations.userId))
          .where(eq(delegations.customerId, customerId))
          .orderBy(desc(delegations.createdAt))
          .limit(take),
        db
          .select({
            who: users.username,
            status: delegationRequests.status,
            at: delegationRequests.createdAt,
          })
          .from(delegationRequests)
          .innerJoin(users, eq(users.id, delegationRequests.userId))
          .where(and(eq(delegationRequests.customerId, customerId), eq(delegationRequests.status, 'pending')))
          .orderBy(desc(delegationRequests.createdAt))
          .limit(take),
      ]);
      return [...granted, ...asked];
    },

    /** Customers the customer's users reach as delegates. */
    delegationsReceived: (userIds: number[], take: number) =>
      db
        .select({ who: customers.name, status: delegations.status, at: delegations.createdAt })
        .from(delegations)
        .innerJoin(customers, eq(customers.id, delegations.customerId))
        .where(inArray(delegations.userId, userIds))
        .orderBy(desc(delegations.createdAt))
        .limit(take),

    /**
     * Mail and SMS to the contacts, push to the users' devices: channel, subject (a mail's, a push's
     * title; an SMS has none shown, it may carry a code), status. Never the text. Two branches joined
     * by `union all`, each on its own index (jobs_to_idx, jobs_device_idx): an `or` of the two read
     * every job (ADR 045 §1).
     */
    deliveriesTo: (contacts: string[], userIds: number[], take: number) => {
      const columns = {
        id: jobs.id,
        at: jobs.createdAt,
        kind: jobs.kind,
        subject: sql<string | null>`case ${jobs.kind} when 'mail' then ${jobs.payload}->>'subject'
            when 'push' then ${jobs.payload}->>'title' end`.as('subject'),
        status: jobs.status,
      };
      const mailAndSms = db
        .select(columns)
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, ['mail', 'sms']),
            contacts.length > 0 ? inArray(sql`${jobs.payload}->>'to'`, contacts) : sql`false`,
          ),
        );
      // `kind = 'push'` written out, so the partial index's predicate matches the plan.
      const push = db
        .select(columns)
        .from(jobs)
        .where(
          and(
            sql`${jobs.kind} = 'push'`,
            inArray(
              sql`(${jobs.payload}->>'deviceId')::bigint`,
              db.select({ id: devices.id }).from(devices).where(inArray(devices.userId, userIds)),
            ),
          ),
        );
      return (
        mailAndSms
          .unionAll(push)
          // Newest first: the union's `at` and `id`, by position.
          .orderBy(sql`2 desc, 1 desc`)
          .limit(take)
      );
    },

    /** The pending delegation request of `delegate` (a username of the brand) to this customer. */
    pendingDelegation: async (customerId: number, delegate: string) => {
      const [row] = await db
        .select({ workflowId: delegationRequests.workflowId })
        .from(delegationRequests)
        .innerJoin(users, eq(users.id, delegationRequests.userId))
        .where(
          and(
            eq(delegationRequests.customerId, customerId),
            eq(delegationRequests.status, 'pending'),
            sql`lower(${users.username}) = ${delegate.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row;
    },

    securityEventsOf: (userIds: number[], take: number) =>
      db
        .select({
          at: securityEvents.at,
          userId: securityEvents.userId,
          kind: securityEvents.kind,
          detail: securityEvents.detail,
        })
        .from(securityEvents)
        .where(inArray(securityEvents.userId, userIds))
        .orderBy(desc(securityEvents.at), desc(securityEvents.id))
        .limit(take),
  };
}

export type StaffAccountRepository = ReturnType<typeof createStaffAccountRepository>;
