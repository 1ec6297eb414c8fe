// The supplier's ERP revokes a delegation its customer gave (ADR 047), by the customer's ERP key in its
// brand: the delegate reaches nothing of the customer at once and both are told, as when the holder or
// the care staff revoke it. Another brand's client reaches nothing; a customer or delegation not there
// answers its code.
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type IntegrationScope } from '@sportello/contract';
import { integrationRecords, jobs } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const BASE = '/services/rest/integration/v1/brands';
const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('the ERP revokes a delegation on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  const bearer = (brands: string[], scopes: IntegrationScope[] = ['crm:write']) =>
    createTokenKeys(ctx.db).sign({ clientId: 'cli_revokedelegation00', scopes, brands }, 600, new Date());
  const revoke = async (path: string, brands = ['sga'], brand = 'sga') =>
    ctx.app.inject({
      method: 'DELETE',
      url: `${BASE}/${brand}/customers/${path}`,
      headers: { authorization: `Bearer ${await bearer(brands)}` },
    });
  const refused = (res: Awaited<ReturnType<typeof revoke>>, status: number, code: keyof typeof MESSAGES) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: MESSAGES[code] });
  };
  const noticesTo = async (to: string) =>
    (await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'notice:delegation-revoked:%')))
      .map((j) => j.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);
  const reaches = async (session: string, customer: string) =>
    (await call(ctx.app, 'GET', `${ERP}/customers/${customer}`, { sessionId: session })).statusCode;

  it("ends the delegate's reach of its brand's customer and tells both; once", async () => {
    // Mario and Anna as the ERP loaded them; Luca is the delegate of both.
    await ctx.db.insert(integrationRecords).values([
      { companyCode: 'sga', kind: 'customer', extKey: 'C-MARIO', entityId: ctx.fixture.mario.id, version: 1 },
      { companyCode: 'sga', kind: 'customer', extKey: 'C-ANNA', entityId: ctx.fixture.anna.id, version: 1 },
    ]);
    const luca = await loginAs(ctx.app, 'luca');
    expect(await reaches(luca, 'CUS-MARIO')).toBe(200);

    // Another brand's client: refused at the brand, and its own brand holds no such key.
    refused(await revoke('C-MARIO/delegations/luca', ['mes']), 403, 'forbidden');
    refused(await revoke('C-MARIO/delegations/luca', ['mes'], 'mes'), 422, 'unknown_customer');
    // A customer not loaded, or a delegation the customer has not given.
    refused(await revoke('C-NOBODY/delegations/luca'), 422, 'unknown_customer');
    refused(await revoke('C-MARIO/delegations/franco'), 422, 'delegation_not_found');
    refused(await revoke('C-MARIO/delegations/nessuno'), 422, 'delegation_not_found');
    expect(await reaches(luca, 'CUS-MARIO')).toBe(200);
    expect(await noticesTo('luca@example.it')).toEqual([]);

    const res = await revoke('C-MARIO/delegations/luca');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ revoked: true });
    expect(await reaches(luca, 'CUS-MARIO')).toBe(403);
    // Anna's delegation to Luca is Anna's: it stays.
    expect(await reaches(luca, 'CUS-ANNA')).toBe(200);

    const [holder] = await noticesTo('cus-mario@example.it');
    expect(holder).toMatchObject({ subject: 'Delega revocata' });
    expect(holder!.text).toContain('dal fornitore');
    const [delegate] = await noticesTo('luca@example.it');
    expect(delegate!.text).toContain('Mario Rossi');
    expect(delegate!.text).toContain('dal fornitore');

    refused(await revoke('C-MARIO/delegations/luca'), 422, 'delegation_not_found');
    expect(await noticesTo('luca@example.it')).toHaveLength(1);
  });
});
