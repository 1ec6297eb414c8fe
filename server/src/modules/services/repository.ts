// SQL of the services area: a brand's catalogue, the activations of a customer with the status of
// their requests, the latest billing-options request per contract, maintenance contracts with
// their visits and documents.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  brandServices,
  maintenanceContracts,
  maintenanceDocuments,
  maintenanceVisits,
  offers,
  requests,
  serviceActivations,
  supplies,
} from '../../db/schema/index.js';

export type BrandServiceRow = typeof brandServices.$inferSelect;
export type MaintenanceContractRow = typeof maintenanceContracts.$inferSelect;

export function createServicesRepository(db: Db) {
  return {
    catalogue(companyCode: string): Promise<BrandServiceRow[]> {
      return db
        .select()
        .from(brandServices)
        .where(eq(brandServices.companyCode, companyCode))
        .orderBy(asc(brandServices.position));
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

    /** A customer's activations, with the status of the request each one made. */
    activations(customerId: number) {
      return db
        .select({
          serviceId: serviceActivations.serviceId,
          supplyId: serviceActivations.supplyId,
          scope: serviceActivations.scope,
          status: requests.status,
        })
        .from(serviceActivations)
        .innerJoin(requests, eq(requests.id, serviceActivations.requestId))
        .where(eq(serviceActivations.customerId, customerId));
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

    /** The newest billing-options request of each of a customer's contracts. */
    async latestBillingOptions(customerId: number, requestType: string) {
      return db
        .selectDistinctOn([requests.contractId], {
          contractId: requests.contractId,
          status: requests.status,
          payload: requests.payload,
        })
        .from(requests)
        .where(and(eq(requests.customerId, customerId), eq(requests.requestType, requestType)))
        .orderBy(requests.contractId, desc(requests.createdDate), desc(requests.id));
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
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
