// A brand's settings as SQL fragments, for a statement of another module that must stay one round
// trip (a bill answers how to pay it offline in its own statement): the settings module owns these
// tables, so the SQL that reads them is written here, as customers/reach.ts is for reach (ADR 029).
import { sql, type SQLWrapper } from 'drizzle-orm';
import { companyModules, confProperties } from '@sportello/db/schema';

/** Whether the brand named by `companyCode` (a column or value) enables the module `moduleKey`. */
export const moduleEnabledSql = (companyCode: SQLWrapper, moduleKey: string) =>
  sql<boolean>`exists (select 1 from ${companyModules} where ${companyModules.companyCode} = ${companyCode} and ${companyModules.moduleKey} = ${moduleKey} and ${companyModules.enabled})`;

/** A configuration property of the brand named by `companyCode`, null where unset. */
export const brandPropertySql = (companyCode: SQLWrapper, name: string) =>
  sql<
    string | null
  >`(select ${confProperties.value} from ${confProperties} where ${confProperties.companyCode} = ${companyCode} and ${confProperties.name} = ${name})`;
