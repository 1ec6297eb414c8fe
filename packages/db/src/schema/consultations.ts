// The staff's read-only views of a customer's portal (issue 30 item 4, ADR 043): who looked, when, why
// and until when. The row is written with its staff audit row before any data is shown; the customer
// reads them in the profile. The single-use code that opens the view lives here until it is spent.
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './core.js';
import { staffUsers } from './staff.js';

export const staffConsultations = pgTable(
  'staff_consultations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The customer's user whose portal is shown. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffUserId: bigint('staff_user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    /** The operator's display name as it was: the record does not change when the account does. */
    staffName: text('staff_name').notNull(),
    /** The staff session that asked: only it may spend the code, and the view dies with it. */
    staffSessionHash: text('staff_session_hash').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The code's SHA-256 until it is spent (then null), and when it stops being accepted. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** When the code was spent and the portal shown. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_consultations_customer_idx').on(t.customerId, t.id),
    uniqueIndex('staff_consultations_code_idx').on(t.codeHash),
  ],
);
