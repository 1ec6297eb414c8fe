// The whole configuration, read once from the environment and validated at start (README table).
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The web build of this checkout, wherever the process was started from. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Embedded PGlite data folder, used when DATABASE_URL is empty. */
  DATA_DIR: z.string().default('./.data'),
  /** postgres://… switches from the embedded database to PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Fill an empty database with the demo data on first start. */
  SEED_DEMO_DATA: bool.default(true),
  SEED_CUSTOMERS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Comma-separated origins allowed by CORS besides the server's own (Capacitor app origins). */
  CORS_ORIGINS: commaList.default(['capacitor://localhost', 'https://localhost', 'http://localhost']),
  /** Origins added to the CSP for the ad pixel and error reporting, when the web build enables them. */
  CSP_EXTRA_SOURCES: commaList.default([]),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Folder of the built web app served at /; empty to serve the API only. */
  WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Answer every API call with 503 (planned maintenance). */
  MAINTENANCE_MODE: bool.default(false),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
