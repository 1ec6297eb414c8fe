// `npm run db:generate -w packages/db` writes the next migration from the schema (ADR 028).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: process.env.MIGRATIONS_OUT ?? './src/migrations',
});
