// Customers (account holders) of every brand. Every row a customer can see hangs off this table.
import { companies } from './companies.js';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_phone_idx').on(t.phoneMobile),
    index('customers_customer_code_idx').on(t.customerCode),
  ],
);
