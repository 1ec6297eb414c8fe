// Creating a brand (ADR 057) through the integration call with the `admin` scope, on both databases:
// a client without the scope is refused, a bad code or a taken one answers its code and writes
// nothing, and a brand created is one a client can load customers into.
import { describe, expect, it } from 'vitest';
import { MESSAGES, type IntegrationScope } from '@sportello/contract';
import { companies } from '@sportello/db/schema';
import { useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const BASE = '/services/rest/integration/v1/brands';

describe.each(databaseKinds)('creating a brand on %s', (kind) => {
  const ctx = useTestApp(kind);

  const bearer = (scopes: IntegrationScope[], brands = ['sga']) =>
    createTokenKeys(ctx.db).sign({ clientId: 'cli_brandcreation00000', scopes, brands }, 600, new Date());
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: { request: body } }),
    });

  it('creates a brand with the admin scope, once; a client of it then loads its customers', async () => {
    const admin = await bearer(['admin']);
    // A client without the admin scope, whatever else it may do.
    const refused = await send('POST', '', await bearer(['crm:write', 'billing:write']), {
      code: 'nwb',
      name: 'Nuova Energia',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ message: MESSAGES.scope_missing });
    expect((await send('GET', '', await bearer(['crm:write']))).statusCode).toBe(403);

    const bad = await send('POST', '', admin, { code: 'NW1', name: 'Nuova Energia' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'code', message: MESSAGES.brand_code_invalid }),
    ]);
    const badVat = await send('POST', '', admin, { code: 'nwb', name: 'Nuova', vatNumber: '12345678901' });
    expect(badVat.statusCode, badVat.body).toBe(422);
    expect(badVat.json().errors).toEqual([expect.objectContaining({ field: 'vatNumber' })]);

    const made = await send('POST', '', admin, { code: 'nwb', name: 'Nuova Energia' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toEqual({ code: 'nwb', name: 'Nuova Energia' });
    const taken = await send('POST', '', admin, { code: 'nwb', name: 'Altro nome' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ message: MESSAGES.brand_code_taken });
    const sga = await send('POST', '', admin, { code: 'sga', name: 'Sovrascritto' });
    expect(sga.statusCode, sga.body).toBe(409);

    const rows = await ctx.db.select().from(companies);
    expect(rows.find((c) => c.code === 'nwb')).toMatchObject({
      name: 'Nuova Energia',
      legalName: 'Nuova Energia',
    });
    expect(rows.find((c) => c.code === 'sga')?.name).not.toBe('Sovrascritto');
    const listed = await send('GET', '', admin);
    expect(listed.json().data.brands).toContainEqual({ code: 'nwb', name: 'Nuova Energia' });

    // The new brand takes its ERP's records.
    const loaded = await send('PUT', '/nwb/offers/OFF-NWB-1', await bearer(['crm:write'], ['nwb']), {
      version: 1,
      commodity: 'electricity',
      name: 'Luce fissa',
      priceType: 'Fisso',
      prices: [{ label: 'Energia', milliEuro: 123, unit: 'kWh' }],
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
  });
});
