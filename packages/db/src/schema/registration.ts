// Registration: delegation requests waiting for the delegator's confirmation (SPEC §6) and the
// address of record a delegate gives when registering (SPEC §2 /registrazione/delegate/address).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import { customers } from './customers.js';

export const delegationRequests = pgTable(
  'delegation_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delegator's customer named by the request (its client code). */
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The module 6 workflow task the delegator answers. */
    workflowId: text('workflow_id').notNull().unique(),
    /** pending | granted | refused */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per delegate and delegator: a double submit finds the first.
    uniqueIndex('delegation_requests_open_idx')
      .on(t.userId, t.customerId)
      .where(sql`${t.status} = 'pending'`),
    index('delegation_requests_customer_idx').on(t.customerId),
  ],
);

export const delegateAddresses = pgTable('delegate_addresses', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  streetName: text('street_name').notNull(),
  civicNumber: text('civic_number').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  postalCode: text('postal_code').notNull(),
  istatCode: text('istat_code'),
});
