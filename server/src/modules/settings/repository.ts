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
