// Adds ANNCSU's streets to `streets` for the towns already imported; safe to run again: a street
// a town already lists (same normalised name) is left as it is, with its postal code.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { readAnncsuCsv, type AnncsuStreet } from './anncsu-csv.js';
import { toSearchName } from './search-name.js';

// The whole national file is about 1.2 million streets: sent a batch at a time, as one JSON value.
const BATCH_SIZE = 5000;

export async function importStreets(db: Db, path: string): Promise<{ read: number; added: number }> {
  return upsertStreets(db, await readAnncsuCsv(path));
}

export async function upsertStreets(
  db: Db,
  streets: readonly AnncsuStreet[],
): Promise<{ read: number; added: number }> {
  // One row per town and normalised name: the file lists a street once per stretch or locality.
  // Keys as the statement's jsonb_to_recordset names its columns.
  const unique = new Map<
    string,
    { istat: string | null; belfiore: string | null; name: string; search_name: string }
  >();
  for (const street of streets) {
    const searchName = toSearchName(street.name);
    const istat = 'istatCode' in street.town ? street.town.istatCode : null;
    const belfiore = 'belfioreCode' in street.town ? street.town.belfioreCode : null;
    const key = `${istat ?? belfiore}|${searchName}`;
    if (searchName && !unique.has(key)) {
      unique.set(key, { istat, belfiore, name: street.name, search_name: searchName });
    }
  }
  const rows = [...unique.values()];
  let added = 0;
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH_SIZE));
    // Streets of towns not in `towns` are skipped (the foreign key would refuse them).
    const { rows: inserted } = (await db.execute(sql`
      insert into streets (town_istat_code, name, search_name)
      select distinct on (t.istat_code, v.search_name) t.istat_code, v.name, v.search_name
      from jsonb_to_recordset(${batch}::jsonb) as v(istat text, belfiore text, name text, search_name text)
      join towns t on t.istat_code = v.istat or (v.istat is null and t.belfiore_code = v.belfiore)
      where not exists (
        select 1 from streets s where s.town_istat_code = t.istat_code and s.search_name = v.search_name
      )
      order by t.istat_code, v.search_name
      returning id`)) as { rows: unknown[] };
    added += inserted.length;
  }
  return { read: streets.length, added };
}
