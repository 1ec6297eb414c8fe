// SQL for the brands' settings: known companies, their enabled module keys and configuration properties.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { companies, companyModules, confProperties } from '@sportello/db/schema';

export function createSettingsRepository(db: Db) {
  return {
    async companyExists(code: string): Promise<boolean> {
      const [row] = await db
        .select({ code: companies.code })
        .from(companies)
        .where(eq(companies.code, code))
        .limit(1);
      return row !== undefined;
    },

    /** Adds a brand; false when its code is taken (nothing written). */
    async insertCompany(company: typeof companies.$inferInsert): Promise<boolean> {
      const added = await db
        .insert(companies)
        .values(company)
        .onConflictDoNothing()
        .returning({ code: companies.code });
      return added.length > 0;
    },

    companies: () =>
      db.select({ code: companies.code, name: companies.name }).from(companies).orderBy(companies.code),

    /** A brand's legal entity: who the data controller is (the archive's art. 15 information). */
    async legalEntity(code: string) {
      const [row] = await db
        .select({
          name: companies.name,
          legalName: companies.legalName,
          vatNumber: companies.vatNumber,
          legalAddress: companies.legalAddress,
        })
        .from(companies)
        .where(eq(companies.code, code));
      return row ?? null;
    },

    enabledModules: async (company: string) =>
      db
        .select({ key: companyModules.moduleKey })
        .from(companyModules)
        .where(and(eq(companyModules.companyCode, company), eq(companyModules.enabled, true)))
        .orderBy(companyModules.moduleKey),

    async properties(company: string, name: string | undefined) {
      const byCompany = eq(confProperties.companyCode, company);
      return db
        .select({ name: confProperties.name, value: confProperties.value })
        .from(confProperties)
        .where(name ? and(byCompany, eq(confProperties.name, name)) : byCompany)
        .orderBy(confProperties.name);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
