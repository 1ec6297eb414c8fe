// Services (SPEC §2 `ser`): what each brand offers, the activations customers asked for, and the
// visits and documents of maintenance contracts.
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { requests } from './crm.js';
import { customers } from './customers.js';
import { maintenanceContracts, supplies } from './supply.js';

/** A brand's catalogue, as data like the brands themselves. */
export const brandServices = pgTable(
  'brand_services',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    /** Position in the brand's catalogue: the {index} of /services/{index}. */
    position: integer('position').notNull(),
    code: text('code').notNull(),
    /** billing | bank_debit | maintenance | activation */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Commodities the service fits (electricity, gas, heat); empty: every one. */
    commodities: jsonb('commodities').$type<string[]>().notNull().default([]),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
  },
  (t) => [unique('brand_services_position_uq').on(t.companyCode, t.position)],
);

/**
 * One row per service asked for, with the request that carries it. `scope` is `supply:<id>`, or
 * `customer:<id>` for a once-per-customer service: the unique index makes a double submit, or two
 * racing ones, create one activation and one request.
 */
export const serviceActivations = pgTable(
  'service_activations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceId: bigint('service_id', { mode: 'number' })
      .notNull()
      .references(() => brandServices.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => requests.id),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('service_activations_scope_uq').on(t.serviceId, t.scope),
    index('service_activations_customer_idx').on(t.customerId),
  ],
);

export const maintenanceVisits = pgTable(
  'maintenance_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    maintenanceContractId: bigint('maintenance_contract_id', { mode: 'number' })
      .notNull()
      .references(() => maintenanceContracts.id),
    visitDate: date('visit_date').notNull(),
    /** e.g. Manutenzione ordinaria, Controllo fumi */
    kind: text('kind').notNull(),
    done: boolean('done').notNull().default(false),
    technician: text('technician'),
    outcome: text('outcome'),
  },
  (t) => [index('maintenance_visits_contract_idx').on(t.maintenanceContractId, t.visitDate)],
);

export const maintenanceDocuments = pgTable(
  'maintenance_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    maintenanceContractId: bigint('maintenance_contract_id', { mode: 'number' })
      .notNull()
      .references(() => maintenanceContracts.id),
    title: text('title').notNull(),
    issueDate: date('issue_date').notNull(),
    /** e.g. Rapporto di controllo, Libretto di impianto, Contratto */
    kind: text('kind').notNull(),
  },
  (t) => [index('maintenance_documents_contract_idx').on(t.maintenanceContractId)],
);

/**
 * Messages from the logged-out write-us form (SPEC §5, registration time). The writer is not known:
 * the client code is what they typed, kept for the back office, so the message belongs to no customer.
 */
export const guestContacts = pgTable(
  'guest_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    name: text('name').notNull(),
    clientCode: text('client_code').notNull(),
    email: text('email').notNull(),
    mobilePhone: text('mobile_phone').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_contacts_company_idx').on(t.companyCode, t.createdAt)],
);
