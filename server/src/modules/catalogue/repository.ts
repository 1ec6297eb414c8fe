// SQL of the catalogue: a brand's services, what decides each service's state for a customer
// (activations with their requests' status, the latest billing-options request per contract, bank
// mandates, maintained supplies), and maintenance contracts with their visits and documents.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { numericId } from '@sportello/db/ids';
import {
  brandServices,
  companies,
  customers,
  maintenanceContracts,
  maintenanceDocuments,
  maintenanceVisits,
  offers,
  serviceActivations,
  supplies,
} from '@sportello/db/schema';

export type BrandServiceRow = typeof brandServices.$inferSelect;
export type MaintenanceContractRow = typeof maintenanceContracts.$inferSelect;

export interface CustomerServiceState {
  activations: { serviceId: number; scope: string; status: string }[];
  /** The newest billing-options request of each contract. */
  billing: { contractId: number; status: string; payload: Record<string, unknown> | null }[];
  /** Contract key → its mandate's state (null: active); contracts without a mandate are absent. */
  mandates: { contractKey: string; state: string | null }[];
  maintainedSupplyIds: number[];
}

/** json_agg answers text on some drivers and parsed values on others. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function createCatalogueRepository(db: Db) {
  const catalogue = db
    .select()
    .from(brandServices)
    .where(eq(brandServices.companyCode, sql.placeholder('companyCode')))
    .orderBy(asc(brandServices.position))
    .prepare('catalogue_services');

  const customerId = sql.placeholder('customerId');
  // Everything a service's state depends on, in one round trip: four aggregates of one customer.
  // Written out in SQL: inside a selected field Drizzle would leave the columns unqualified.
  const state = db
    .select({
      activations: sql`(select coalesce(json_agg(json_build_object('serviceId', sa.service_id,
          'scope', sa.scope, 'status', r.status)), '[]'::json)
        from service_activations sa join requests r on r.id = sa.request_id
        where sa.customer_id = ${customerId})`,
      billing: sql`(select coalesce(json_agg(json_build_object('contractId', latest.contract_id,
          'status', latest.status, 'payload', latest.payload)), '[]'::json)
        from (select distinct on (r.contract_id) r.contract_id, r.status, r.payload
          from requests r
          where r.customer_id = ${customerId} and r.request_type = ${sql.placeholder('billingType')}
            and r.contract_id is not null
          order by r.contract_id, r.created_date desc, r.id desc) latest)`,
      mandates: sql`(select coalesce(json_agg(json_build_object('contractKey', c.key,
          'state', c.banking->>'state')), '[]'::json)
        from contracts c where c.customer_id = ${customerId} and c.banking is not null)`,
      maintainedSupplyIds: sql`(select coalesce(json_agg(m.supply_id), '[]'::json)
        from maintenance_contracts m where m.customer_id = ${customerId} and m.supply_id is not null)`,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .prepare('catalogue_customer_state');

  return {
    catalogue: (companyCode: string): Promise<BrandServiceRow[]> => catalogue.execute({ companyCode }),

    async customerState(id: number, billingType: string): Promise<CustomerServiceState> {
      const [row] = await state.execute({ customerId: id, billingType });
      return {
        activations: parsed(row?.activations ?? []),
        billing: parsed(row?.billing ?? []),
        mandates: parsed(row?.mandates ?? []),
        maintainedSupplyIds: parsed(row?.maintainedSupplyIds ?? []),
      };
    },

    /** A brand's offers, for the public offers page. */
    offersOf(companyCode: string) {
      return db
        .select({
          key: offers.key,
          name: offers.name,
          commodity: offers.commodity,
          priceType: offers.priceType,
          description: offers.description,
        })
        .from(offers)
        .where(eq(offers.companyCode, companyCode))
        .orderBy(asc(offers.id));
    },

    async serviceAt(companyCode: string, position: number): Promise<BrandServiceRow | undefined> {
      const [row] = await db
        .select()
        .from(brandServices)
        .where(and(eq(brandServices.companyCode, companyCode), eq(brandServices.position, position)))
        .limit(1);
      return row;
    },

    /**
     * Claims the scope of an activation; false when it is taken already (an earlier request, a
     * double submit or a racing one), so the caller's transaction creates nothing.
     */
    async claim(
      tx: Db,
      values: { serviceId: number; customerId: number; supplyId: number; requestId: number; scope: string },
    ): Promise<boolean> {
      const rows = await tx
        .insert(serviceActivations)
        .values(values)
        .onConflictDoNothing({ target: [serviceActivations.serviceId, serviceActivations.scope] })
        .returning({ id: serviceActivations.id });
      return rows.length > 0;
    },

    /** One page of a customer's maintenance contracts, oldest first, with the total. */
    async maintenance(customerId: number, page: { skip: number; take: number }) {
      const where = eq(maintenanceContracts.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            contract: maintenanceContracts,
            supply: {
              id: supplies.id,
              key: supplies.key,
              pointCode: supplies.pointCode,
              address: sql<string>`${supplies.address} || ', ' || ${supplies.locality}`,
            },
          })
          .from(maintenanceContracts)
          .leftJoin(supplies, eq(supplies.id, maintenanceContracts.supplyId))
          .where(where)
          .orderBy(asc(maintenanceContracts.id))
          .limit(page.take)
          .offset(page.skip),
        db.select({ value: count() }).from(maintenanceContracts).where(where),
      ]);
      const ids = rows.map((r) => r.contract.id);
      const [visits, documents] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select()
                .from(maintenanceVisits)
                .where(inArray(maintenanceVisits.maintenanceContractId, ids))
                .orderBy(desc(maintenanceVisits.visitDate)),
              db
                .select()
                .from(maintenanceDocuments)
                .where(inArray(maintenanceDocuments.maintenanceContractId, ids))
                .orderBy(desc(maintenanceDocuments.issueDate)),
            ]);
      return { count: total?.value ?? 0, rows, visits, documents };
    },

    /**
     * A maintenance document (by its numeric id) with its contract, supply, brand and visits: what
     * its PDF is drawn from; the contract's customer decides who may read it.
     */
    async maintenanceDocument(id: string) {
      const [row] = await db
        .select({
          document: maintenanceDocuments,
          contract: maintenanceContracts,
          supplyAddress: sql<string | null>`${supplies.address} || ', ' || ${supplies.locality}`,
          supplyPointCode: supplies.pointCode,
          brand: {
            name: companies.name,
            logoMark: companies.logoMark,
            primaryColor: companies.primaryColor,
            accentColor: companies.accentColor,
          },
        })
        .from(maintenanceDocuments)
        .innerJoin(
          maintenanceContracts,
          eq(maintenanceContracts.id, maintenanceDocuments.maintenanceContractId),
        )
        .innerJoin(customers, eq(customers.id, maintenanceContracts.customerId))
        .innerJoin(companies, eq(companies.code, customers.companyCode))
        .leftJoin(supplies, eq(supplies.id, maintenanceContracts.supplyId))
        .where(eq(maintenanceDocuments.id, numericId(id)))
        .limit(1);
      if (!row) return undefined;
      const visits = await db
        .select()
        .from(maintenanceVisits)
        .where(eq(maintenanceVisits.maintenanceContractId, row.contract.id))
        .orderBy(asc(maintenanceVisits.visitDate));
      return { ...row, visits };
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
