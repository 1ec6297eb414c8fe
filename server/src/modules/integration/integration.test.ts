// The integration API (ADR 036), on both databases: machine clients and their tokens (issue,
// expiry, rotation with an overlap, scope and brand refusals, the audit), and loading customers and
// bills by the ERP's keys with versions (idempotent, stale, per-line NDJSON results, unknown
// references, the bill's notification once).
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { userRow } from '@sportello/demo/world';
import {
  anonymousRefusals,
  customers,
  integrationCalls,
  invoiceSections,
  invoices,
  notifications,
  offers,
  supplies,
  users,
} from '@sportello/db/schema';
import { testConfig, useTestApp } from '../../../test/app.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { createServices } from '../../wiring.js';
import { modules } from '../index.js';
import { invoicesModule } from '../invoices/index.js';
import { moduleJobHandlers } from '../module.js';
import type { InvoicesService } from '../invoices/service.js';
import { integrationModule } from './index.js';
import type { IntegrationService } from './service.js';
import { databaseKinds } from '../../../test/databases.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { createClients } from './clients.js';
import { createIntegrationRepository } from './repository.js';

const BASE = '/services/rest/integration/v1';

const customer = (version: number, name = 'Giulia Bianchi') => ({
  version,
  customerCode: 'ERP-C-100',
  customerType: 'private',
  name,
  firstName: 'Giulia',
  lastName: 'Bianchi',
  fiscalCode: 'BNCGLI80A41F205F',
  email: 'giulia@example.it',
  contracts: [
    {
      extKey: 'K-100',
      number: 'CTR-100',
      name: 'Luce casa',
      startDate: '2025-01-01',
      supplies: [
        {
          extKey: 'POD-100',
          commodity: 'electricity',
          pointCode: 'IT001E00000100',
          address: 'Via Roma 1',
          postalCode: '20121',
          locality: 'Milano',
          province: 'mi',
          activationDate: '2025-01-01',
        },
      ],
    },
  ],
});

const bill = (version: number, contractExtKey = 'K-100', number = '2026/900100') => ({
  version,
  contractExtKey,
  number,
  issueDate: '2026-03-01',
  dueDate: '2026-03-21',
  periodStart: '2026-01-01',
  periodEnd: '2026-02-28',
  sections: [
    {
      title: 'Spesa per la materia energia',
      lines: [
        { label: 'Energia F1', quantity: '120 kWh', amountCents: 3_000 },
        { label: 'Energia F2', quantity: '80 kWh', amountCents: 1_800 },
      ],
      totalCents: 4_800,
    },
    { title: 'Imposte', lines: [{ label: 'IVA 10%', quantity: null, amountCents: 480 }], totalCents: 480 },
  ],
});

describe.each(databaseKinds)('integration API on %s', (kind) => {
  const ctx = useTestApp(kind);
  const clients = () =>
    createClients({
      repository: createIntegrationRepository(ctx.db),
      keys: createTokenKeys(ctx.db),
      brandExists: async (code) => ['sga', 'mes'].includes(code),
    });

  const token = async (clientId: string, secret: string, ip?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BASE}/oauth/token`,
      ...(ip ? { remoteAddress: ip } : {}),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }).toString(),
    });
  const bearer = async (scopes: string[], brands = ['sga']) => {
    const made = await clients().create({ name: 'erp', scopes, brands });
    const res = await token(made.id, made.secret);
    expect(res.statusCode, res.body).toBe(200);
    return { ...made, token: res.json().access_token as string };
  };
  const send = (method: 'PUT' | 'POST', url: string, accessToken: string | null, body: unknown) =>
    ctx.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      payload: { request: body },
    });
  const ndjson = (url: string, accessToken: string, lines: string[]) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-ndjson' },
      payload: lines.join('\n') + '\n',
    });
  const refusal = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: MESSAGES[code as keyof typeof MESSAGES] });
  };

  describe('machine clients', () => {
    it('issues a short-lived signed token for a form or JSON body, refuses a wrong secret', async () => {
      const made = await clients().create({ name: 'erp', scopes: ['crm:write'], brands: ['sga'] });
      const form = await token(made.id, made.secret);
      expect(form.statusCode, form.body).toBe(200);
      expect(form.headers['cache-control']).toBe('no-store');
      const answer = form.json();
      expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'crm:write' });
      expect(answer.access_token.split('.')).toHaveLength(3);
      const json = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/oauth/token`,
        payload: { grant_type: 'client_credentials', client_id: made.id, client_secret: made.secret },
      });
      expect(json.statusCode, json.body).toBe(200);
      refusal(await token(made.id, `${made.secret}x`), 401, 'invalid_client');
      refusal(await token('cli_nobodyknowsthis1234', made.secret), 401, 'invalid_client');
      const basic = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/oauth/token`,
        headers: { authorization: `Basic ${Buffer.from(`${made.id}:${made.secret}`).toString('base64')}` },
        payload: { grant_type: 'client_credentials' },
      });
      expect(basic.statusCode, basic.body).toBe(200);
      const other = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/oauth/token`,
        payload: { grant_type: 'password', client_id: made.id, client_secret: made.secret },
      });
      refusal(other, 400, 'unsupported_grant_type');
    });

    it('refuses a client id tried with wrong secrets too often from one address (429) there only: the real client keeps its token', async () => {
      const made = await clients().create({ name: 'erp', scopes: ['crm:write'], brands: ['sga'] });
      const guesser = '10.97.0.1';
      // A right secret takes its count back: a system that works never nears the limit.
      for (let i = 0; i < 12; i++) expect((await token(made.id, made.secret)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) refusal(await token(made.id, 'sec_wrong', guesser), 401, 'invalid_client');
      refusal(await token(made.id, 'sec_wrong', guesser), 429, 'too_many_attempts');
      refusal(await token(made.id, made.secret, guesser), 429, 'too_many_attempts');
      // The ERP, from its own address, is not locked out by the guesses.
      expect((await token(made.id, made.secret)).statusCode).toBe(200);
      // Another client from the guesser's address still gets its token.
      const other = await clients().create({ name: 'erp', scopes: ['crm:write'], brands: ['sga'] });
      expect((await token(other.id, other.secret, guesser)).statusCode).toBe(200);
    });

    it('keeps secrets only hashed and refuses what a client may not be made with', async () => {
      const made = await clients().create({ name: 'erp', scopes: ['billing:write'], brands: ['sga'] });
      const secrets = await createIntegrationRepository(ctx.db).validSecrets(made.id, new Date());
      expect(secrets).toHaveLength(1);
      expect(secrets[0]!.secretHash).toMatch(/^\$argon2id\$/);
      expect(secrets[0]!.secretHash).not.toContain(made.secret);
      await expect(clients().create({ name: 'x', scopes: ['superuser'], brands: ['sga'] })).rejects.toThrow(
        /scopes/,
      );
      await expect(clients().create({ name: 'x', scopes: ['crm:write'], brands: ['zzz'] })).rejects.toThrow(
        /brand/,
      );
    });

    it('rotates with an overlap: the old secret opens until its date, then only the new one; disabled, none', async () => {
      const made = await clients().create({ name: 'erp', scopes: ['crm:write'], brands: ['sga'] });
      const rotated = await clients().rotate(made.id, new Date(), 1);
      expect((await token(made.id, made.secret)).statusCode).toBe(200);
      expect((await token(made.id, rotated.secret)).statusCode).toBe(200);
      // A day and a minute later, the overlap is over.
      const later = new Date(Date.now() + 86_400_000 + 60_000);
      expect(await clients().issueToken(made.id, made.secret, later)).toBeNull();
      expect(await clients().issueToken(made.id, rotated.secret, later)).not.toBeNull();
      // A rotation with no overlap ends the previous secret at once.
      const again = await clients().rotate(made.id, new Date(), 0);
      refusal(await token(made.id, rotated.secret), 401, 'invalid_client');
      expect((await token(made.id, again.secret)).statusCode).toBe(200);
      // A disabled client gets no token with any secret.
      await clients().disable(made.id, new Date());
      refusal(await token(made.id, again.secret), 401, 'invalid_client');
    });

    it('refuses no token, a bad or expired token (401), a wrong scope or another brand (403); audits every call', async () => {
      refusal(await send('PUT', '/brands/sga/customers/C-1', null, customer(1)), 401, 'token_missing');
      refusal(
        await send('PUT', '/brands/sga/customers/C-1', 'not.a.token', customer(1)),
        401,
        'token_invalid',
      );
      const keys = createTokenKeys(ctx.db);
      const made = await clients().create({ name: 'erp', scopes: ['crm:write'], brands: ['sga'] });
      const caller = { clientId: made.id, scopes: ['crm:write' as const], brands: ['sga'] };
      const expired = await keys.sign(caller, 600, new Date(Date.now() - 3_600_000));
      refusal(await send('PUT', '/brands/sga/customers/C-1', expired, customer(1)), 401, 'token_expired');
      const billing = await bearer(['billing:write']);
      refusal(
        await send('PUT', '/brands/sga/customers/C-1', billing.token, customer(1)),
        403,
        'scope_missing',
      );
      const crm = await bearer(['crm:write'], ['sga']);
      refusal(await send('PUT', '/brands/mes/customers/C-1', crm.token, customer(1)), 403, 'forbidden');
      const audited = await ctx.db
        .select()
        .from(integrationCalls)
        .where(eq(integrationCalls.clientId, billing.id));
      expect(audited.map((a) => [a.method, a.route, a.status])).toEqual([
        ['POST', `${BASE}/oauth/token`, 200],
        ['PUT', `${BASE}/brands/:brand/customers/:extKey`, 403],
      ]);
      // A caller no token names is counted per address and minute, not given a row each (ADR 048).
      const anonymous = await ctx.db
        .select()
        .from(anonymousRefusals)
        .where(eq(anonymousRefusals.surface, 'integration'));
      expect(anonymous.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThanOrEqual(3);
      const expiredCalls = await ctx.db
        .select()
        .from(integrationCalls)
        .where(
          and(
            eq(integrationCalls.status, 401),
            eq(integrationCalls.route, `${BASE}/brands/:brand/customers/:extKey`),
          ),
        );
      expect(expiredCalls).toHaveLength(0);
    });
  });

  describe('loading customers and bills', () => {
    it('loads a customer idempotently by its ERP key; an older version is stale and changes nothing', async () => {
      const { token: t } = await bearer(['crm:write']);
      const first = await send('PUT', '/brands/sga/customers/C-100', t, customer(5));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ extKey: 'C-100', outcome: 'created', version: 5 });
      expect((await send('PUT', '/brands/sga/customers/C-100', t, customer(5))).json().data.outcome).toBe(
        'unchanged',
      );
      const newer = await send('PUT', '/brands/sga/customers/C-100', t, customer(7, 'Giulia Bianchi Rossi'));
      expect(newer.json().data).toEqual({ extKey: 'C-100', outcome: 'updated', version: 7 });
      const stale = await send('PUT', '/brands/sga/customers/C-100', t, customer(6, 'Nome Vecchio'));
      expect(stale.json().data).toEqual({ extKey: 'C-100', outcome: 'stale', version: 7 });
      const rows = await ctx.db.select().from(customers).where(eq(customers.customerCode, 'ERP-C-100'));
      expect(rows.map((r) => r.name)).toEqual(['Giulia Bianchi Rossi']);
      const supply = await ctx.db.select().from(supplies).where(eq(supplies.extKey, 'POD-100'));
      expect(supply).toHaveLength(1);
      expect(supply[0]).toMatchObject({ customerId: rows[0]!.id, province: 'MI', status: 'Attiva' });
    });

    it('refuses a contract or a supply moved to another customer, and keeps nothing of the record', async () => {
      const { token: t } = await bearer(['crm:write']);
      const [template] = customer(1).contracts;
      const supply = { ...template!.supplies[0]!, extKey: 'POD-500', pointCode: 'IT001E00000500' };
      const contract = { ...template!, extKey: 'K-500', supplies: [supply] };
      const holder = { ...customer(1), customerCode: 'ERP-C-500', contracts: [contract] };
      expect((await send('PUT', '/brands/sga/customers/C-500', t, holder)).statusCode).toBe(200);
      const taker = { ...holder, customerCode: 'ERP-C-501', name: 'Altro Cliente' };
      refusal(await send('PUT', '/brands/sga/customers/C-501', t, taker), 422, 'contract_moved');
      const otherContract = { ...contract, extKey: 'K-501' };
      refusal(
        await send('PUT', '/brands/sga/customers/C-501', t, { ...taker, contracts: [otherContract] }),
        422,
        'supply_moved',
      );
      expect(await ctx.db.$count(customers, eq(customers.customerCode, 'ERP-C-501'))).toBe(0);
    });

    it("puts a supply on the brand's offer its record names; an offer not loaded, or another brand's, is refused", async () => {
      const { token: t } = await bearer(['crm:write'], ['sga', 'mes']);
      const offer = {
        version: 1,
        name: 'Luce Web',
        commodity: 'electricity',
        priceType: 'Fisso',
        prices: [{ label: 'Energia', milliEuro: 119, unit: 'kWh' }],
      };
      // The market the offer serves, which its bills name (ADR 068): a service by default here.
      expect(
        (await send('PUT', '/brands/sga/offers/LUCE-WEB', t, { ...offer, market: 'tutele_graduali' }))
          .statusCode,
      ).toBe(200);
      expect((await send('PUT', '/brands/mes/offers/LUCE-MES', t, offer)).statusCode).toBe(200);
      expect(
        (await send('PUT', '/brands/sga/offers/LUCE-BAD', t, { ...offer, market: 'tutela' })).statusCode,
      ).toBe(400);
      const [template] = customer(1).contracts;
      const onOffer = (offerExtKey: string) => ({
        ...customer(1),
        customerCode: 'ERP-C-600',
        contracts: [
          {
            ...template!,
            extKey: 'K-600',
            supplies: [
              {
                ...template!.supplies[0]!,
                extKey: 'POD-600',
                pointCode: 'IT001E00000600',
                offerExtKey,
                offerEndsOn: '2027-06-30',
              },
            ],
          },
        ],
      });
      refusal(
        await send('PUT', '/brands/sga/customers/C-600', t, onOffer('LUCE-NOPE')),
        422,
        'unknown_offer',
      );
      refusal(await send('PUT', '/brands/sga/customers/C-600', t, onOffer('LUCE-MES')), 422, 'unknown_offer');
      expect(await ctx.db.$count(customers, eq(customers.customerCode, 'ERP-C-600'))).toBe(0);
      expect((await send('PUT', '/brands/sga/customers/C-600', t, onOffer('LUCE-WEB'))).statusCode).toBe(200);
      const [supply] = await ctx.db.select().from(supplies).where(eq(supplies.extKey, 'POD-600'));
      const [sheet] = await ctx.db.select().from(offers).where(eq(offers.extKey, 'LUCE-WEB'));
      expect(supply!.offerId).toBe(sheet!.id);
      // The offer's expiry for this supply and the offer's market, as the bill's front page prints them.
      expect(supply!.offerEndsOn).toBe('2027-06-30');
      expect(sheet!.market).toBe('tutele_graduali');
      const [mesOffer] = await ctx.db.select().from(offers).where(eq(offers.extKey, 'LUCE-MES'));
      expect(mesOffer!.market).toBe('libero');
    });

    it('refuses a record its schema refuses with 400, a rule it breaks with 422 and its code', async () => {
      const { token: t } = await bearer(['crm:write', 'billing:write']);
      const bad = await send('PUT', '/brands/sga/customers/C-200', t, {
        ...customer(1),
        customerType: 'alien',
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await send('PUT', '/brands/sga/bills/B-404', t, bill(1, 'K-NOPE'));
      refusal(unknown, 422, 'unknown_contract');
      const digits = await send('PUT', '/brands/sga/customers/12345', t, customer(1));
      expect(digits.statusCode).toBe(400);
    });

    it('answers an NDJSON batch line by line: a bad line refuses itself, not the batch', async () => {
      const { token: t } = await bearer(['crm:write', 'billing:write']);
      const other = { ...customer(1), customerCode: 'ERP-C-300', contracts: [] };
      const res = await ndjson('/brands/sga/customers', t, [
        JSON.stringify({ extKey: 'C-300', ...other }),
        '{ not json',
        JSON.stringify({ ...other, customerCode: 'ERP-C-301' }),
        JSON.stringify({ extKey: 'C-302', ...other, customerCode: 'ERP-C-302', customerType: 'alien' }),
        JSON.stringify({ extKey: 'C-303', ...other }),
        JSON.stringify({ extKey: 'C-300', ...other }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const { results, counts } = res.json().data;
      expect(
        results.map((r: { line: number; outcome: string; code?: string }) => [r.line, r.outcome, r.code]),
      ).toEqual([
        [1, 'created', undefined],
        [2, 'refused', 'invalid_line'],
        [3, 'refused', 'ext_key_missing'],
        [4, 'refused', 'invalid_input'],
        [5, 'refused', 'customer_code_taken'],
        [6, 'unchanged', undefined],
      ]);
      expect(results[3].errors).toEqual([
        { field: 'customerType', code: 'invalid_input', message: MESSAGES.invalid_input },
      ]);
      expect(counts).toEqual({ created: 1, updated: 0, unchanged: 1, stale: 0, refused: 4, conflict: 0 });
      // Nothing of a refused line is left behind.
      expect(await ctx.db.$count(customers, eq(customers.customerCode, 'ERP-C-302'))).toBe(0);

      const bills = await ndjson('/brands/sga/bills', t, [
        JSON.stringify({ extKey: 'B-NOPE', ...bill(1, 'K-MISSING') }),
        JSON.stringify({
          extKey: 'B-SUM',
          ...bill(1),
          sections: [{ title: 'x', lines: [{ label: 'a', amountCents: 1 }], totalCents: 2 }],
        }),
      ]);
      expect(bills.json().data.results.map((r: { code: string }) => r.code)).toEqual([
        'unknown_contract',
        'section_total_mismatch',
      ]);
    });

    it("loads a bill for a loaded contract: its amount from its sections, 'Nuova bolletta disponibile' once", async () => {
      const { token: t } = await bearer(['crm:write', 'billing:write']);
      expect((await send('PUT', '/brands/sga/customers/C-100', t, customer(100))).statusCode).toBe(200);
      const [holder] = await ctx.db.select().from(customers).where(eq(customers.customerCode, 'ERP-C-100'));
      // The customer registers on the portal (a user of its own), so the bill's notice has someone to reach.
      await ctx.db.insert(users).values(
        userRow({
          key: 'USR-giulia',
          companyCode: 'sga',
          username: 'giulia',
          passwordHash: 'x',
          customerId: holder!.id,
        }),
      );
      const noticesOf = () =>
        ctx.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.customerId, holder!.id),
              eq(notifications.title, 'Nuova bolletta disponibile'),
            ),
          );
      const before = (await noticesOf()).length;

      const created = await send('PUT', '/brands/sga/bills/B-100', t, bill(1));
      expect(created.json().data).toEqual({ extKey: 'B-100', outcome: 'created', version: 1 });
      expect((await send('PUT', '/brands/sga/bills/B-100', t, bill(1))).json().data.outcome).toBe(
        'unchanged',
      );
      const replay = await ndjson('/brands/sga/bills', t, [JSON.stringify({ extKey: 'B-100', ...bill(1) })]);
      expect(replay.json().data.results[0].outcome).toBe('unchanged');
      const paid = await send('PUT', '/brands/sga/bills/B-100', t, { ...bill(2), outstandingCents: 0 });
      expect(paid.json().data.outcome).toBe('updated');
      expect((await send('PUT', '/brands/sga/bills/B-100', t, bill(1))).json().data.outcome).toBe('stale');

      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-100'));
      expect(row).toMatchObject({
        customerId: holder!.id,
        amountCents: 5_280,
        outstandingCents: 0,
        paymentLevel: 'Paid',
      });
      expect(await ctx.db.$count(invoiceSections, eq(invoiceSections.invoiceId, row!.id))).toBe(2);
      // One notice for the first load; the replays, the newer version and the stale one made none.
      const notices = await noticesOf();
      expect(notices.length - before).toBe(1);
      expect(notices.at(-1)!.description).toContain('2026/900100');
    });

    it("keeps the new bill's notice with the bill: a process that fails after the commit leaves it to the worker, sent once", async () => {
      const services = createServices(ctx.db, testConfig());
      const integrationService = services.serviceOf(integrationModule) as IntegrationService;
      const invoicesService = services.serviceOf(invoicesModule) as InvoicesService;
      const now = new Date();
      await integrationService.putCustomer('sga', 'C-100', customer(100), now);
      const [holder] = await ctx.db.select().from(customers).where(eq(customers.customerCode, 'ERP-C-100'));
      const [user] = await ctx.db
        .insert(users)
        .values(
          userRow({
            key: 'USR-crash',
            companyCode: 'sga',
            username: 'crash',
            passwordHash: 'x',
            customerId: holder!.id,
          }),
        )
        .returning({ id: users.id });
      // This user's notices (the customer has another user from the test before).
      const notices = () =>
        ctx.db.$count(
          notifications,
          and(eq(notifications.userId, user!.id), eq(notifications.title, 'Nuova bolletta disponibile')),
        );
      const before = await notices();
      // The process "dies" between the commit and the notice: the announcement throws.
      const announce = vi.spyOn(invoicesService, 'announce').mockRejectedValueOnce(new Error('crash'));
      const loaded = await integrationService.putBill('sga', 'B-CRASH', bill(1, 'K-100', '2026/900199'), now);
      expect(loaded.outcome).toBe('created');
      expect(await notices()).toBe(before);
      announce.mockRestore();
      // The worker finds the notice queued with the bill once its grace is over, and sends it once.
      const runtime = createJobsRuntime(ctx.db, testConfig(), {
        handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
        forgetDevice: async () => undefined,
      });
      await runtime.worker.runOnce(new Date(now.getTime() + 120_000));
      await runtime.worker.runOnce(new Date(now.getTime() + 240_000));
      expect(await notices()).toBe(before + 1);
      // A load that sends its notice itself leaves nothing for the worker.
      await integrationService.putBill('sga', 'B-FINE', { ...bill(1), number: '2026/900101' }, now);
      expect(await notices()).toBe(before + 2);
      await runtime.worker.runOnce(new Date(now.getTime() + 360_000));
      expect(await notices()).toBe(before + 2);
      await runtime.close();
    });
  });
});
