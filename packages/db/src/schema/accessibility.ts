// The accessibility statement's feedback (ADR 032): each report someone sends about what they could
// not use, with the day by which we must answer. Logged out it names no customer; logged in on a
// customer it also opened a practice (request_id) in that customer's requests.
import { bigint, bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { requests } from './crm.js';
import { customers } from './customers.js';

export const accessibilityFeedback = pgTable(
  'accessibility_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The reference the sender keeps: with the e-mail it finds the report again. */
    reference: text('reference').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => requests.id),
    name: text('name').notNull(),
    /** Lower case, as compared on lookup. */
    email: text('email').notNull(),
    page: text('page'),
    description: text('description').notNull(),
    receivedOn: date('received_on').notNull(),
    dueOn: date('due_on').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The back office works through the open ones by their answer date.
  (t) => [index('accessibility_feedback_due_idx').on(t.companyCode, t.dueOn)],
);
