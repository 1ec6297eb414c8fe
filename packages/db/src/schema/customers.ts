// Customers (account holders) of every brand. Every row a customer can see hangs off this table.
import { companies } from './companies.js';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    /** Client code printed on bills (SPEC "customerId"). */
    customerCode: text('customer_code').notNull(),
    customerType: text('customer_type').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fiscalCode: text('fiscal_code'),
    vatNumber: text('vat_number'),
    email: text('email'),
    phoneMobile: text('phone_mobile'),
    phoneHome: text('phone_home'),
    privacyCompany: boolean('privacy_company').notNull().default(false),
    privacyOthers: boolean('privacy_others').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_company_code_idx').on(t.companyCode, t.customerCode),
    index('customers_fiscal_code_idx').on(t.fiscalCode),
    index('customers_vat_idx').on(t.vatNumber),
    // The staff search (ADR 041): names typo-tolerant by trigrams (pg_trgm), e-mail and phone exact.
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // …and, first, by whole words (customer_name_words turns a misspelt word into the words it may be).
    index('customers_name_words_idx').using('gin', sql`string_to_array(lower(${t.name}), ' ')`),
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_phone_idx').on(t.phoneMobile),
    index('customers_customer_code_idx').on(t.customerCode),
  ],
);

/**
 * Where a business customer's electronic invoices go (ADR 067): its recipient code (codice
 * destinatario, 7 characters; 0000000 with a PEC) or its PEC, as the customer set it in the portal and
 * the ERP was told (`einvoiceRecipient.changed`). The ERP's customer versions do not carry it.
 */
export const einvoiceRecipients = pgTable('einvoice_recipients', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id),
  recipientCode: text('recipient_code').notNull(),
  pec: text('pec'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The portal user who set it. */
  updatedBy: text('updated_by').notNull(),
});

/**
 * Every change of a customer's consents (ADR 045 §3, amended): the customer's privacy consents and its
 * portal users' notification choices, old → new, who made it and through which path, written in the
 * change's own transaction by the customers module. Append-only: a trigger refuses UPDATE and DELETE
 * (migration 0030), as the staff audit's does (ADR 041).
 */
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** privacyCompany | privacyOthers (the customer's) | commercial | technical (a user's). */
    consent: text('consent').notNull(),
    /** Whose consent: the customer's name, or the portal user's username. */
    subject: text('subject').notNull(),
    /** Null when the consent was first given (a registration). */
    oldValue: boolean('old_value'),
    newValue: boolean('new_value').notNull(),
    /** The path: portal (the customer's settings), registration. */
    channel: text('channel').notNull(),
    /** The username who made it. */
    byWho: text('by_who').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_changes_customer_idx').on(t.customerId, t.at)],
);

/**
 * Every word of every customer's name (lower case, split at spaces): the staff search looks a typed
 * word up here by trigrams, a table of thousands of words rather than a million names, then takes the
 * customers holding one of the words found (customers_name_words_idx), ADR 041 §7. Filled by triggers
 * on customers (migration staff_search_words); a word is never removed (a renamed customer's old word
 * only finds nobody).
 */
export const customerNameWords = pgTable('customer_name_words', { word: text('word').primaryKey() }, (t) => [
  index('customer_name_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * A contact (e-mail, mobile) proven in the portal by a one-time code, the customer's own change or a
 * care operator's correction (ADR 065): the portal owns it until the ERP sends a customer version with
 * the same value, which deletes the row; a version with another value is a conflict. One row per
 * customer and contact, the latest proof.
 */
export const customerContactClaims = pgTable(
  'customer_contact_claims',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** email | phoneMobile: the customer's column it holds. */
    contact: text('contact').notNull(),
    value: text('value').notNull(),
    /** The portal user who read the code, or the care operator who confirmed it (staffUserId set). */
    username: text('username').notNull(),
    staffUserId: bigint('staff_user_id', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.contact] })],
);
