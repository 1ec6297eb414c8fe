// The access suite of the integration API (ADR 036), generated from the contract as the customer calls'
// suite is (contract-access.test.ts): every call of integrationCalls, from its `access`, `scope` and
// `reaches`, is tried without a token, with a portal session, with a token that does not verify, an
// expired one, one lacking the call's scope, one for another brand, and with its own. Nothing here
// names a call but the samples a schema cannot make valid; a call added is tried the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  fillPath,
  INTEGRATION_SCOPES,
  integrationCalls,
  MESSAGES,
  type Call,
  type IntegrationScope,
} from '@sportello/contract';
import { integrationRecords } from '@sportello/db/schema';
import { createTokenKeys } from '../src/platform/machine/tokens.js';
import { loginAs } from './app.js';
import { useSupplyTestApp } from './supply-fixture.js';
import { databaseKinds } from './databases.js';
import { AnswerLog } from './openapi-answers.js';
import { exampleOf } from './schema-values.js';
import { samplePdf } from './sample-files.js';

const ITALIAN_MESSAGES = new Set<string>(Object.values(MESSAGES));
const OWN_BRAND = 'sga';
const OTHER_BRAND = 'mes';
const SAMPLE_PDF_BASE64 = (await samplePdf()).toString('base64');

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

const supply = {
  extKey: 'S-ACCESS',
  commodity: 'electricity',
  pointCode: 'IT001E0000ACC',
  address: 'Via Prova 1',
  postalCode: '20121',
  locality: 'Milano',
  province: 'MI',
  activationDate: '2025-01-01',
};
const contract = {
  extKey: 'K-ACCESS',
  number: 'CTR-A',
  name: 'Luce',
  startDate: '2025-01-01',
  supplies: [supply],
};
/** What a schema alone cannot make valid: a record with real dates, a bill for a loaded contract. */
const SAMPLES: Record<string, () => Partial<Input>> = {
  integrationPutCustomer: () => ({
    params: { extKey: 'C-ACCESS' },
    body: {
      version: 1,
      customerCode: 'ACC-1',
      customerType: 'private',
      name: 'Prova Accesso',
      contracts: [contract],
    },
  }),
  integrationPutBill: () => ({
    params: { extKey: 'B-ACCESS' },
    body: {
      version: 1,
      contractExtKey: contract.extKey,
      number: 'A/1',
      issueDate: '2026-03-01',
      dueDate: '2026-03-21',
      sections: [{ title: 'Materia', lines: [{ label: 'Energia', amountCents: 100 }], totalCents: 100 }],
    },
  }),
  // The bill's sample loads the bill first.
  integrationPutBillPdf: () => ({
    params: { extKey: 'B-ACCESS' },
    body: { contentBase64: SAMPLE_PDF_BASE64 },
  }),
  integrationPutPayment: () => ({
    params: { extKey: 'P-ACCESS' },
    body: { version: 1, billExtKey: 'B-ACCESS', amountCents: 10, collectedOn: '2026-03-10', channel: 'bank' },
  }),
  integrationPutReading: () => ({
    params: { extKey: 'R-ACCESS' },
    body: {
      version: 1,
      supplyExtKey: supply.extKey,
      readingDate: '2026-03-01',
      source: 'distributor',
      status: 'validated',
      values: { F1: 10 },
    },
  }),
  integrationPutCurve: () => ({
    params: { extKey: 'CV-ACCESS' },
    body: {
      version: 1,
      supplyExtKey: supply.extKey,
      day: '2026-03-02',
      resolution: 'PT60M',
      quantities: Array(24).fill(100),
    },
  }),
  integrationPutReadingWindow: () => ({
    params: { extKey: 'RW-ACCESS' },
    body: { version: 1, supplyExtKey: supply.extKey, opensOn: '2026-03-02', closesOn: '2026-03-06' },
  }),
  integrationPutPrices: () => ({
    params: { extKey: 'PUN-2026-03-02' },
    body: { version: 1, market: 'PUN', day: '2026-03-02', resolution: 'PT60M', prices: Array(24).fill(1) },
  }),
  // The supply fixture's request and complaint of the brand (the portal's keys).
  integrationPutRequestPhase: () => ({
    params: { extKey: 'REQ-M2' },
    body: { version: 1, status: 'InLavorazione' },
  }),
  integrationPutComplaintAnswer: () => ({
    params: { extKey: 'RCL-M' },
    body: { version: 1, answer: 'Risolto.', answeredAt: '2026-03-01T10:00:00Z' },
  }),
  integrationPutOffer: () => ({
    params: { extKey: 'OFF-ACCESS' },
    body: {
      version: 1,
      name: 'Luce Prova',
      commodity: 'electricity',
      priceType: 'Fisso',
      prices: [{ label: 'Energia', milliEuro: 100, unit: 'kWh' }],
    },
  }),
  // A message and a proposal for the customer the customer's sample loads.
  integrationPutMessage: () => ({
    params: { extKey: 'MSG-ACCESS' },
    body: { version: 1, customerExtKey: 'C-ACCESS', title: 'Avviso', body: 'Testo.' },
  }),
  integrationPutProposal: () => ({
    params: { extKey: 'PRP-ACCESS' },
    body: {
      version: 1,
      customerExtKey: 'C-ACCESS',
      contractExtKey: contract.extKey,
      title: 'Proposta',
      description: 'Testo.',
    },
  }),
  // The notice of a change of Mario's supply on the hourly offer, as the ERP loaded it (beforeAll).
  integrationPutPriceChange: () => ({
    params: { extKey: 'VAR-ACCESS' },
    body: {
      version: 1,
      supplyExtKey: 'EXT-SUP-1',
      prices: [{ label: 'Energia (spread sul PUN)', milliEuro: 99, unit: 'kWh', hourly: true }],
      effectiveOn: '2099-01-01',
    },
  }),
  // Records read back, taken back (ADR 056): those the samples above loaded, whose calls come first.
  integrationReadCustomer: () => ({ params: { extKey: 'C-ACCESS' } }),
  integrationReadContract: () => ({ params: { extKey: contract.extKey } }),
  integrationReadSupply: () => ({ params: { extKey: supply.extKey } }),
  integrationReadBill: () => ({ params: { extKey: 'B-ACCESS' } }),
  integrationReadPayment: () => ({ params: { extKey: 'P-ACCESS' } }),
  integrationReadOffer: () => ({ params: { extKey: 'OFF-ACCESS' } }),
  integrationReadRequest: () => ({ params: { extKey: 'REQ-M2' } }),
  integrationReadComplaint: () => ({ params: { extKey: 'RCL-M' } }),
  integrationReadMessage: () => ({ params: { extKey: 'MSG-ACCESS' } }),
  integrationReadProposal: () => ({ params: { extKey: 'PRP-ACCESS' } }),
  // The payment on it was loaded before: a credit note of the same customer cancels it.
  integrationCancelBill: () => ({
    params: { extKey: 'B-ACCESS' },
    body: { reason: 'Emessa per errore', creditNoteExtKey: 'NC-ACCESS' },
  }),
  integrationWithdrawMessage: () => ({ params: { extKey: 'MSG-ACCESS' } }),
  integrationWithdrawProposal: () => ({ params: { extKey: 'PRP-ACCESS' } }),
  // The fixture's Mario, as the ERP loaded him (beforeAll): Luca is his delegate.
  integrationRevokeDelegation: () => ({ params: { extKey: 'C-MARIO', username: 'luca' } }),
  // A new brand each time it is asked for (a code made once is taken after).
  integrationCreateBrand: () => ({ body: { code: `acc${newBrandCode()}`, name: 'Marchio di prova' } }),
  integrationReconcile: () => ({ query: { from: '2026-10-01', to: '2026-10-31' } }),
  integrationReconcileDifferences: () => ({
    body: { from: '2026-10-01', to: '2026-10-31', kind: 'bill', records: [] },
  }),
};
let brandsMade = 0;
/** Lowercase letters only, as a brand code is: a, b, …, z, ba, bb, … */
const newBrandCode = () =>
  (brandsMade++).toString(26).replace(/./g, (d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)]!);

/** A valid input: the schema's smallest value, the sample, and every brand it reaches set to `brand`. */
function validInput(call: Call, brand: string): Input {
  const sample = SAMPLES[call.name]?.() ?? {};
  const input = {} as Input;
  for (const part of ['params', 'query', 'body'] as const) {
    input[part] = { ...(exampleOf(call[part]) as Record<string, unknown>), ...sample[part] };
    const reached = call.reaches === 'nothing' ? {} : (call.reaches[part] ?? {});
    for (const field of Object.keys(reached)) input[part][field] = brand;
    const parsed = call[part].safeParse(input[part]);
    if (!parsed.success)
      throw new Error(
        `${call.name}: no valid ${part} (${JSON.stringify(parsed.error.issues)}): add a SAMPLES entry`,
      );
  }
  return input;
}

/**
 * Market prices belong to no brand (every brand shows them), nor do the brands themselves (the `admin`
 * scope's calls): their calls name none.
 */
const marketCall = (call: Call) =>
  call.path.startsWith('/services/rest/integration/v1/market/') || call.scope === 'admin';

describe.each(databaseKinds)('integration access generated from the contract on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const answers = new AnswerLog('/services/rest/integration/openapi.json');
  const covered = new Set<string>();
  let mario: string;
  const keys = () => createTokenKeys(ctx.db);
  const tokenFor = (scopes: readonly IntegrationScope[], brands: string[], now = new Date()) =>
    keys().sign({ clientId: 'cli_accesssuite0000000', scopes, brands }, 600, now);

  const send = async (call: Call, input: Input, headers: Record<string, string>) => {
    const query = new URLSearchParams(
      Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const path = fillPath(call.path, input.params as Record<string, string>);
    const hasBody = call.method === 'POST' || call.method === 'PUT';
    const res = await ctx.app.inject({
      method: call.method,
      url: query ? `${path}?${query}` : path,
      headers,
      ...(hasBody ? { payload: { request: input.body } } : {}),
    });
    return answers.record(call, res, `${call.method} ${path} ${JSON.stringify(headers).slice(0, 40)}`);
  };
  const expectRefusal = (res: LightMyRequestResponse, status: number, code: keyof typeof MESSAGES) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ success: false, errors: expect.any(Array), message: MESSAGES[code] });
    expect(ITALIAN_MESSAGES).toContain(body.message);
  };

  beforeAll(async () => {
    mario = await loginAs(ctx.app, 'mario');
    await ctx.db.insert(integrationRecords).values([
      {
        companyCode: OWN_BRAND,
        kind: 'customer',
        extKey: 'C-MARIO',
        entityId: ctx.fixture.mario.id,
        version: 1,
      },
      {
        companyCode: OWN_BRAND,
        kind: 'supply',
        extKey: 'EXT-SUP-1',
        entityId: ctx.world.supplies['SUP-1']!.id,
        version: 1,
      },
    ]);
  });

  describe.each(integrationCalls.map((c) => [`${c.method} ${c.name}`, c] as const))('%s', (_name, c) => {
    let passed = 0;
    const count = () => {
      if (++passed === 6) covered.add(c.name);
    };

    it('is a machine call with a scope, reaching the brand it names (market data: no brand)', () => {
      expect(c.access).toBe('machine');
      expect(INTEGRATION_SCOPES).toContain(c.scope);
      if (marketCall(c)) expect(c.reaches).toBe('nothing');
      else expect(c.reaches).not.toBe('nothing');
      expect(c.path.startsWith('/services/rest/integration/v1/')).toBe(true);
      count();
    });

    it('refuses no token, and a portal session, with 401', async () => {
      const input = validInput(c, OWN_BRAND);
      expectRefusal(await send(c, input, {}), 401, 'token_missing');
      expectRefusal(await send(c, input, { sessionid: mario }), 401, 'token_missing');
      count();
    });

    it('refuses a token that does not verify, and an expired one, with 401', async () => {
      const input = validInput(c, OWN_BRAND);
      const good = await tokenFor([c.scope!], [OWN_BRAND]);
      const [head, payload] = good.split('.');
      const forged = `${head}.${payload}.${'A'.repeat(43)}`;
      expectRefusal(await send(c, input, { authorization: `Bearer ${forged}` }), 401, 'token_invalid');
      const expired = await tokenFor([c.scope!], [OWN_BRAND], new Date(Date.now() - 3_600_000));
      expectRefusal(await send(c, input, { authorization: `Bearer ${expired}` }), 401, 'token_expired');
      count();
    });

    it('refuses a token with every scope but its own with 403', async () => {
      const others = INTEGRATION_SCOPES.filter((s) => s !== c.scope);
      const token = await tokenFor(others, [OWN_BRAND]);
      expectRefusal(
        await send(c, validInput(c, OWN_BRAND), { authorization: `Bearer ${token}` }),
        403,
        'scope_missing',
      );
      count();
    });

    it("refuses another brand's token with 403 (market data, every brand's, serves it)", async () => {
      const token = await tokenFor([...INTEGRATION_SCOPES], [OTHER_BRAND]);
      const res = await send(c, validInput(c, OWN_BRAND), { authorization: `Bearer ${token}` });
      if (marketCall(c)) expect(res.statusCode, res.body).toBe(200);
      else expectRefusal(res, 403, 'forbidden');
      count();
    });

    it('serves its own brand with its scope', async () => {
      // A bill needs its contract, a payment its bill, a reading its supply: the customer's and the
      // bill's samples load them first (any order of the calls).
      const loader = await tokenFor(['crm:write', 'billing:write'], [OWN_BRAND]);
      for (const name of ['integrationPutCustomer', 'integrationPutBill']) {
        const first = integrationCalls.find((x) => x.name === name)!;
        await send(first, validInput(first, OWN_BRAND), { authorization: `Bearer ${loader}` });
      }
      if (c.name === 'integrationCancelBill') {
        const putBill = integrationCalls.find((x) => x.name === 'integrationPutBill')!;
        const input = validInput(putBill, OWN_BRAND);
        await send(
          putBill,
          {
            ...input,
            params: { ...input.params, extKey: 'NC-ACCESS' },
            body: {
              ...input.body,
              number: 'NC/1',
              invoiceTypeCode: 4,
              sections: [
                { title: 'Storno', lines: [{ label: 'Storno', amountCents: -100 }], totalCents: -100 },
              ],
            },
          },
          { authorization: `Bearer ${loader}` },
        );
      }
      const token = await tokenFor([c.scope!], [OWN_BRAND]);
      const res = await send(c, validInput(c, OWN_BRAND), { authorization: `Bearer ${token}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success).toBe(true);
      count();
    });
  });

  describe('coverage', () => {
    it('covers every call of the integration API', () => {
      console.info(
        `[machine access suite on ${kind}] calls covered: ${covered.size} / ${integrationCalls.length}`,
      );
      expect(integrationCalls.filter((c) => !covered.has(c.name)).map((c) => c.name)).toEqual([]);
    });

    it('received only answers the integration OpenAPI document describes', async () => {
      expect(answers.size).toBeGreaterThan(0);
      expect(await answers.mismatches(ctx.app)).toEqual([]);
    });
  });

  afterAll(() => covered.clear());
});
