// Per-brand settings: enabled module keys and configuration properties (App_min_version…).
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import { companyModules, confProperties } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

export default async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  route(app, core.listModules, async ({ session }) => {
    const rows = await db
      .select({ key: companyModules.moduleKey })
      .from(companyModules)
      .where(and(eq(companyModules.companyCode, session.company), eq(companyModules.enabled, true)))
      .orderBy(companyModules.moduleKey);
    return rows;
  });

  route(app, core.listConfProperties, async ({ session, query }) => {
    const byCompany = eq(confProperties.companyCode, session.company);
    return db
      .select({ name: confProperties.name, value: confProperties.value })
      .from(confProperties)
      .where(query.propertyName ? and(byCompany, eq(confProperties.name, query.propertyName)) : byCompany)
      .orderBy(confProperties.name);
  });
}
