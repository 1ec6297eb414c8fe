// The demo-data generator's entry: the server imports it only when demo data is asked for
// (first start on an empty database, `npm run seed`), so a production start loads none of it.
export {
  appendGeneratedCustomers,
  DatabaseNotEmptyError,
  seedDemoData,
  type SeedOptions,
  type SeedSummary,
} from './seed.js';
export type { ErpIntake, LoadedIds } from './customers/as-erp-records.js';
/** The brands with the modules each leaves disabled: tests walk what every brand offers. */
export { COMPANIES } from './companies/companies.js';
