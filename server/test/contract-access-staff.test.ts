// The access suite of the customer-care console (ADR 041), generated from the contract as the customer
// calls' suite is (contract-access.test.ts): every call of staffCalls, from its `access`, `roles` and
// `reaches`, is tried with no session, a customer's session, each staff role (the roles it lists
// answer, the others 403), and another brand's operator (403 on any customer it names). Nothing here
// names a call but the samples a schema cannot make valid; a call added is tried the same way.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { fillPath, MESSAGES, STAFF_ROLES, staffCalls, type Call, type StaffRole } from '@sportello/contract';
import { loginAs, useTestApp } from './app.js';
import { databaseKinds } from './databases.js';
import { AnswerLog } from './openapi-answers.js';
import { exampleOf } from './schema-values.js';
import { insertWriteUs } from './queue-items.js';
import { makeStaff, STAFF_PASSWORD, staffCall, staffSession } from './staff.js';
import { totpCode } from '../src/modules/staff/totp.js';

const ITALIAN_MESSAGES = new Set<string>(Object.values(MESSAGES));

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** Fresh write-us messages of mario's: a queue item answered or moved once changes no more. */
const queueItems: number[] = [];
const queueItem = () => ({ params: { kind: 'request', item: String(queueItems.pop()) } });

/** What a schema alone cannot make valid. */
const SAMPLES: Record<string, () => Partial<Input>> = {
  searchStaffCustomers: () => ({ query: { q: 'Rossi' } }),
  getStaffQueueItem: queueItem,
  assignStaffQueueItem: () => ({ ...queueItem(), body: { version: 0 } }),
  answerStaffQueueItem: () => ({ ...queueItem(), body: { version: 0, answer: 'Risposta di prova.' } }),
  setStaffQueuePhase: () => ({ ...queueItem(), body: { version: 0, status: 'InLavorazione' } }),
  escalateStaffQueueItem: () => ({ ...queueItem(), body: { version: 0, reason: 'Serve un supervisore.' } }),
  deleteStaffPasskey: () => ({ params: { key: 'SPK-nessunaPasskey0' } }),
};

/** What is a single-use secret of the asking staff session, made afresh for each try. */
const FRESH: Record<
  string,
  (
    app: ReturnType<typeof useTestApp>['app'],
    staffSessionId: string,
    customerId: number,
  ) => Promise<Partial<Input>>
> = {
  exchangeStaffView: async (app, staffSessionId, customerId) => {
    const opened = await staffCall(app, 'POST', `staff/v1/customers/${customerId}/views`, {
      staffSessionId,
      body: { reason: 'call' },
    });
    return { body: { code: opened.json().data.code } };
  },
};

/**
 * Calls no schema-made input can be served by (ADR 044): a registration needs an authenticator's
 * answer to a challenge this session just asked for, and a removal a passkey of the asking account.
 * A role they allow is answered with this refusal instead of 200 (what they refuse to whom is tried
 * as every call's); modules/staff/staff-passkeys.test.ts proves them served.
 */
const PROVED_ELSEWHERE: Record<string, { status: number; code: keyof typeof MESSAGES }> = {
  registerStaffPasskey: { status: 422, code: 'passkey_ceremony_invalid' },
  deleteStaffPasskey: { status: 404, code: 'not_found' },
};

/** Calls made with a fresh session: logout ends its own; adding a passkey needs a code login < 5 min. */
const FRESH_SESSION = new Set(['staffLogout', 'staffPasskeyRegistrationOptions', 'registerStaffPasskey']);

describe.each(databaseKinds)('staff access generated from the contract on %s', (kind) => {
  const ctx = useTestApp(kind);
  const answers = new AnswerLog('/services/rest/staff/openapi.json');
  const covered = new Set<string>();
  const sessions = {} as Record<StaffRole, string>;
  let otherBrandOperator: string;
  let customerSession: string;

  /** A valid input, every customer it reaches set to `customerId`. */
  function validInput(call: Call, customerId: number): Input {
    const sample = SAMPLES[call.name]?.() ?? {};
    const input = {} as Input;
    for (const part of ['params', 'query', 'body'] as const) {
      input[part] = { ...(exampleOf(call[part]) as Record<string, unknown>), ...sample[part] };
      const reached = call.reaches === 'nothing' ? {} : (call.reaches[part] ?? {});
      for (const field of Object.keys(reached)) input[part][field] = String(customerId);
      const parsed = call[part].safeParse(input[part]);
      if (!parsed.success)
        throw new Error(
          `${call.name}: no valid ${part} (${JSON.stringify(parsed.error.issues)}): add a SAMPLES entry`,
        );
    }
    return input;
  }

  /** The input with a fresh secret of the session that sends it, where the call spends one. */
  const withFresh = async (call: Call, input: Input, staffSessionId: string, customerId: number) => {
    const fresh = await FRESH[call.name]?.(ctx.app, staffSessionId, customerId);
    return fresh ? { ...input, body: { ...input.body, ...fresh.body } } : input;
  };

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
  /** A fresh session of `role` when the call ends the one it is made with (logout). */
  const sessionFor = async (call: Call, role: StaffRole, brand = 'sga') =>
    FRESH_SESSION.has(call.name)
      ? (await staffSession(ctx.app, ctx.db, role, [brand])).sessionId
      : brand === 'sga'
        ? sessions[role]
        : otherBrandOperator;

  beforeAll(async () => {
    for (const role of STAFF_ROLES)
      sessions[role] = (await staffSession(ctx.app, ctx.db, role, ['sga'])).sessionId;
    otherBrandOperator = (await staffSession(ctx.app, ctx.db, 'operator', ['mes'])).sessionId;
    customerSession = await loginAs(ctx.app, 'mario');
    queueItems.length = 0;
    for (let i = 0; i < 40; i++) queueItems.push((await insertWriteUs(ctx.db, ctx.fixture.mario.id)).id);
  });

  const staffOnly = staffCalls.filter((c) => c.access === 'staff');

  it('the console has its login, public, and every other call is a staff call under /staff/v1/', async () => {
    expect(staffCalls.filter((c) => c.access !== 'staff').map((c) => c.name)).toEqual([
      'staffLogin',
      'staffPasskeyLoginOptions',
      'staffLoginWithPasskey',
    ]);
    for (const c of staffCalls) expect(c.path.startsWith('/services/rest/staff/v1/')).toBe(true);
    // The login itself, with the answers the document lists.
    const account = await makeStaff(ctx.db, 'operator', ['sga']);
    const login = staffCalls.find((c) => c.name === 'staffLogin')!;
    const body = {
      username: account.username,
      password: STAFF_PASSWORD,
      code: totpCode(account.secret, new Date()),
    };
    expect((await send(login, { params: {}, query: {}, body }, {})).statusCode).toBe(200);
    expectRefusal(await send(login, { params: {}, query: {}, body }, {}), 422, 'staff_wrong_credentials');
    covered.add(login.name);
  });

  it('the passkey login, public: options for anyone, and an answer no staff passkey signed refused', async () => {
    const options = staffCalls.find((c) => c.name === 'staffPasskeyLoginOptions')!;
    const res = await send(options, { params: {}, query: {}, body: {} }, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.challenge).toEqual(expect.any(String));
    covered.add(options.name);
    // A schema-made answer signs no live challenge (modules/staff/staff-passkeys.test.ts logs in).
    const login = staffCalls.find((c) => c.name === 'staffLoginWithPasskey')!;
    expectRefusal(
      await send(login, validInput(login, ctx.fixture.mario.id), {}),
      422,
      'staff_passkey_refused',
    );
    covered.add(login.name);
  });

  describe.each(staffOnly.map((c) => [`${c.method} ${c.name}`, c] as const))('%s', (_name, c) => {
    let passed = 0;
    const count = () => {
      if (++passed === 4) covered.add(c.name);
    };

    it('refuses no session, and a customer session, with 401', async () => {
      const input = validInput(c, ctx.fixture.mario.id);
      expectRefusal(await send(c, input, {}), 401, 'staff_session_missing');
      expectRefusal(await send(c, input, { sessionid: customerSession }), 401, 'staff_session_missing');
      count();
    });

    it.each(STAFF_ROLES.map((r) => [r]))('answers %s as its roles say', async (role) => {
      const session = await sessionFor(c, role);
      const input = await withFresh(c, validInput(c, ctx.fixture.mario.id), session, ctx.fixture.mario.id);
      const res = await send(c, input, { staffsessionid: session });
      const elsewhere = PROVED_ELSEWHERE[c.name];
      if (c.roles!.includes(role) && elsewhere) expectRefusal(res, elsewhere.status, elsewhere.code);
      else if (c.roles!.includes(role)) {
        // Past the access checks, an action on the customer's state may find nothing left to do (an
        // account fix done by the role before: ADR 045): its own Italian refusal, never a 401/403.
        const stateRefusal = res.statusCode !== 200 && (c.refusals ?? []).some((s) => s === res.statusCode);
        if (stateRefusal) expect(ITALIAN_MESSAGES).toContain(res.json().message);
        else expect(res.statusCode, res.body).toBe(200);
        expect(res.json().success).toBe(!stateRefusal);
      } else expectRefusal(res, 403, 'staff_role_refused');
      if (role === STAFF_ROLES[STAFF_ROLES.length - 1]) count();
    });

    it("refuses another brand's operator any customer it names, with 403", async () => {
      if (c.reaches === 'nothing' || !c.roles!.includes('operator')) {
        // Nothing of anyone's named, or no operator may: another brand's operator is a role refusal or a 200.
        const session = await sessionFor(c, 'operator', 'mes');
        const input = await withFresh(
          c,
          validInput(c, ctx.fixture.mario.id),
          session,
          ctx.fixture.mesCustomer.id,
        );
        const res = await send(c, input, { staffsessionid: session });
        const served = PROVED_ELSEWHERE[c.name]?.status ?? 200;
        expect([served, 403]).toContain(res.statusCode);
      } else {
        const res = await send(c, validInput(c, ctx.fixture.mario.id), {
          staffsessionid: await sessionFor(c, 'operator', 'mes'),
        });
        expectRefusal(res, 403, 'staff_brand_refused');
      }
      count();
    });

    it("refuses an administrator of the customer's brand nothing the role allows, and another brand's customer", async () => {
      if (c.reaches !== 'nothing') {
        const res = await send(c, validInput(c, ctx.fixture.mesCustomer.id), {
          staffsessionid: sessions.administrator,
        });
        expectRefusal(res, 403, 'staff_brand_refused');
      }
      count();
    });
  });

  describe('coverage', () => {
    it('covers every call of the console', () => {
      console.info(`[staff access suite on ${kind}] calls covered: ${covered.size} / ${staffCalls.length}`);
      expect(staffCalls.filter((c) => !covered.has(c.name)).map((c) => c.name)).toEqual([]);
    });

    it('received only answers the console OpenAPI document describes', async () => {
      expect(answers.size).toBeGreaterThan(0);
      expect(await answers.mismatches(ctx.app)).toEqual([]);
    });
  });
});
