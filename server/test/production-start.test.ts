// The server's own start (src/main.ts) in production mode, as an operator runs it: every development
// stand-in it would otherwise run on is refused before anything opens, each named with what to set.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openPglite } from '@sportello/db/client';
import { staffUsers, users } from '@sportello/db/schema';
import { loadConfig } from '../src/config.js';
import { seedOnFirstStart } from '../src/db/seed-on-first-start.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts main.ts with only these variables (and PATH); answers its exit code and what it printed. */
function start(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', WEB_DIST_DIR: '', METRICS_PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a production start', () => {
  it('refuses PGlite, mail to the outbox, a localhost address, no word on proxies, no secrets key and a Stripe test key', () => {
    const { code, output } = start({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_productionstart',
      STRIPE_WEBHOOK_SECRET: 'whsec_productionstart',
      DATA_DIR: '/nonexistent/never-opened',
    });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration for production:');
    for (const name of [
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_BASE_URL',
      'TRUST_PROXY',
      'SECRETS_KEY',
      'STRIPE_SECRET_KEY',
    ])
      expect(output).toMatch(new RegExp(`^  ${name}: `, 'm'));
    // Refused before anything opened: no database, no listener.
    expect(output).not.toMatch(/listening|migrat/i);
  });
});

describe('the demo opt-in in production', () => {
  it('brings the demo customers but never the demo operator, whose TOTP secret the README prints', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      STRIPE_SECRET_KEY: 'sk_live_productionstart',
      STRIPE_WEBHOOK_SECRET: 'whsec_productionstart',
    });
    const database = await openPglite(undefined);
    try {
      await database.migrate();
      await seedOnFirstStart(database.db, config, { info: () => undefined });
      const [customers] = await database.db.select({ n: count() }).from(users);
      const [staff] = await database.db.select({ n: count() }).from(staffUsers);
      expect(customers!.n).toBeGreaterThan(0);
      expect(staff!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
