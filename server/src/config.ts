// The whole configuration, read once from the environment and validated at start (README table).
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

/** The web build of this checkout, wherever the process was started from. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const commaList = z.pipe(
  z.string(),
  z.transform((v) =>
    v
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
);

/** Development-only key: a production server refuses to start with it. */
export const DEV_PAYMENT_WEBHOOK_SECRET = 'sportello-dev-payment-secret';

const configSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string(), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 8080),
  /** Embedded PGlite data folder, used when DATABASE_URL is empty. */
  DATA_DIR: z._default(z.string(), './.data'),
  /** postgres://… switches from the embedded database to PostgreSQL. */
  DATABASE_URL: z.optional(z.url()),
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 10),
  /** Fill an empty database with the demo data on first start. */
  SEED_DEMO_DATA: z._default(bool, true),
  SEED_CUSTOMERS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
  SESSION_IDLE_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 60)), 30),
  SESSION_ABSOLUTE_HOURS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 30)), 12),
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 5),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 30),
  LOGIN_WINDOW_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 15),
  /** Comma-separated origins allowed by CORS besides the server's own (Capacitor app origins). */
  CORS_ORIGINS: z._default(commaList, ['capacitor://localhost', 'https://localhost', 'http://localhost']),
  /** Origins added to the CSP for the ad pixel and error reporting, when the web build enables them. */
  CSP_EXTRA_SOURCES: z._default(commaList, []),
  BODY_LIMIT_BYTES: z._default(z.coerce.number().check(z.int(), z.minimum(1024)), 1_048_576),
  /** Folder of the built web app served at /; empty to serve the API only. */
  WEB_DIST_DIR: z._default(z.string(), DEFAULT_WEB_DIST_DIR),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Answer every API call with 503 (planned maintenance). */
  MAINTENANCE_MODE: z._default(bool, false),
  /** HMAC-SHA256 key of payment-gateway notifications; the default is refused in production. */
  PAYMENT_WEBHOOK_SECRET: z._default(z.string().check(z.minLength(16)), DEV_PAYMENT_WEBHOOK_SECRET),
  /** How long a payment waits for the gateway before another payment of the same bills may start. */
  PAYMENT_CHECKOUT_MINUTES: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 60)),
    30,
  ),
});

export type Config = z.infer<typeof configSchema>;

/** Variables whose empty value means something; any other variable set to '' counts as unset. */
const MEANINGFUL_WHEN_EMPTY = new Set(['WEB_DIST_DIR']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.entries(env).filter(
    ([name, value]) => value !== '' || MEANINGFUL_WHEN_EMPTY.has(name),
  );
  const parsed = configSchema.safeParse(Object.fromEntries(present));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (
    parsed.data.NODE_ENV === 'production' &&
    parsed.data.PAYMENT_WEBHOOK_SECRET === DEV_PAYMENT_WEBHOOK_SECRET
  ) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_WEBHOOK_SECRET: set a secret of your own in production (the default is public)',
    );
  }
  return parsed.data;
}
