// Brands (SPEC §1 company codes), the modules each enables and their configuration properties.
import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  legalName: text('legal_name').notNull(),
  vatNumber: text('vat_number').notNull(),
  /** Registered office, printed on bills. */
  legalAddress: text('legal_address').notNull().default(''),
  helpPhone: text('help_phone').notNull().default(''),
  /** Logo mark drawn on bills (sun, wave, star, mesa, flame) and its colours. */
  logoMark: text('logo_mark').notNull().default('sun'),
  primaryColor: text('primary_color').notNull().default('#333333'),
  accentColor: text('accent_color').notNull().default('#999999'),
});

export const companyModules = pgTable(
  'company_modules',
  {
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    moduleKey: text('module_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.moduleKey] })],
);

export const confProperties = pgTable(
  'conf_properties',
  {
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.name] })],
);
