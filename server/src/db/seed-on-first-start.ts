// A fresh database gets the demo data, so a new machine shows a working portal at once.
import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import { todayInRome } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { companies } from '@sportello/db/schema';
import type { Config } from '../config.js';
import { erpIntake } from '../erp-intake.js';

export async function seedOnFirstStart(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info'>) {
  const customers = config.SEED_CUSTOMERS;
  const [row] = await db.select({ value: count() }).from(companies);
  if ((row?.value ?? 0) > 0) return;
  const started = performance.now();
  const { seedDemoData } = await import('@sportello/demo');
  await seedDemoData(db, {
    customers,
    today: todayInRome(new Date()),
    // Its TOTP secret is in the README: demo customers may open a production install, demo staff never.
    staff: config.NODE_ENV !== 'production',
    ...(customers > 0 ? { intake: erpIntake(db, config) } : {}),
  });
  log.info({ ms: Math.round(performance.now() - started) }, 'demo data loaded into the empty database');
}
