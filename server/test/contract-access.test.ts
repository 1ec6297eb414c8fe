// The access suite generated from the contract (ARCHITECTURE §10): every call of allCalls,
// from its `access` and `reaches`, is tried without a session, as a guest, as a customer and as a
// delegate with a stranger's identifiers in each field it reaches, and with their own. Nothing here
// names a call: a call added to the contract is tried the same way, or fails for want of fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { inArray } from 'drizzle-orm';
import { personalTokens } from '@sportello/db/schema';
import { allCalls, MESSAGES, needsStepUp, type Call } from '@sportello/contract';
import { call as request, guestSession, loginAs } from './app.js';
import {
  HOLDER_ONLY,
  PARTS,
  PROVED_ELSEWHERE,
  TOKENS,
  USERNAMES,
  formsOf,
  inForm,
  identifierOf,
  identifiers,
  reachesOf,
  send as sendInput,
  strangerMarkers,
  validInput,
  type Identifiers,
  type Role,
  type Sessions,
} from './access-world.js';
import { databaseKinds } from './databases.js';
import { FIXTURE_PERSONAL_TOKEN_KEYS, FIXTURE_REVOCABLE_TOKEN_KEYS } from './fixture.js';
import { AnswerLog } from './openapi-answers.js';
import { stepUp } from './step-up.js';
import { useSupplyTestApp } from './supply-fixture.js';

const ITALIAN_MESSAGES = new Set<string>(Object.values(MESSAGES));

function expectRefusal(res: LightMyRequestResponse, statuses: number[]) {
  expect(statuses, res.body).toContain(res.statusCode);
  const body = res.json();
  expect(body).toMatchObject({ success: false, errors: expect.any(Array) });
  expect(ITALIAN_MESSAGES).toContain(body.message);
}

/**
 * Which callers a call's `access` lets in. A `link` call serves a guest only from the link its session
 * was opened from: a plain guest is refused with 401 here; the guest-with-a-link reach is proven call
 * by call in modules/links/links.test.ts.
 */
const guestMayCall = (c: Call) => c.access !== 'user' && c.access !== 'link' && c.access !== 'token';

/**
 * A `token` call is made with the actor's personal token, every other call with its session (ADR 037).
 * A token reaches its user's own customer only: the delegate's identifiers, reached by delegation,
 * are refused to its token (403), which "serves its own identifiers" proves instead.
 */
const credentialOf = (c: Call, sessions: Sessions, actor: Role) =>
  c.access === 'token' ? TOKENS[actor] : sessions[actor];
const delegatedRefusedToToken = (c: Call, actor: Role) =>
  c.access === 'token' && actor === 'delegate' && c.reaches !== 'nothing';
const covered = new Set<string>();
/** Every answer of a call, held to the OpenAPI document at the end of the suite. */
const answers = new AnswerLog();
const send = async (...args: Parameters<typeof sendInput>) =>
  answers.record(args[1], await sendInput(...args), `input ${JSON.stringify(args[2]).slice(0, 160)}`);

describe.each(databaseKinds)('access generated from the contract on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const sessions = {} as Sessions;
  let ids: Identifiers;

  // The actors' sessions have made a step-up (ADR 038): the `stepUp` calls are served to them.
  async function open(holder: Role | 'guest') {
    sessions[holder] =
      holder === 'guest' ? await guestSession(ctx.app) : await loginAs(ctx.app, USERNAMES[holder]);
    if (holder !== 'guest') await stepUp(ctx, sessions[holder], USERNAMES[holder]);
  }
  /**
   * A call can end its caller's session (logout, login rotates it): open a new one for what follows.
   * "End all sessions" ends the caller's personal tokens too (ADR 047): the fixture's are live again.
   */
  async function keepAlive(holder: Role | 'guest') {
    const res = await request(ctx.app, 'GET', 'portalapi/Core/v1/modules', { sessionId: sessions[holder] });
    if (res.statusCode === 401) await open(holder);
    await ctx.db
      .update(personalTokens)
      .set({ revokedAt: null })
      .where(
        inArray(personalTokens.key, [
          ...Object.values(FIXTURE_PERSONAL_TOKEN_KEYS),
          ...Object.values(FIXTURE_REVOCABLE_TOKEN_KEYS),
        ]),
      );
    ids = identifiers(ctx, sessions);
  }

  beforeAll(async () => {
    for (const holder of ['owner', 'delegate', 'other', 'guest'] as const) await open(holder);
    ids = identifiers(ctx, sessions);
  });

  describe.each(allCalls.map((c) => [`${c.method} ${c.name}`, c] as const))('%s', (_name, c) => {
    // Seven tests below; a call counts as covered when all seven passed.
    let passed = 0;
    const count = () => {
      if (++passed === 7) covered.add(c.name);
    };

    it('declares what it reaches, with identifiers in the fixture for every actor', () => {
      expect(c.reaches, `${c.name} has no access description (reaches)`).toBeDefined();
      for (const holder of ['owner', 'delegate', 'other'] as const) validInput(c, holder, ids);
      if (guestMayCall(c) && c.access !== 'public') validInput(c, 'guest', ids);
      count();
    });

    it(c.access === 'public' ? 'is open without a session' : 'refuses no session with 401', async () => {
      const res = await send(ctx.app, c, validInput(c, 'owner', ids));
      if (c.access === 'public') expect(res.statusCode).toBeLessThan(300);
      else expectRefusal(res, [401]);
      count();
    });

    it(guestMayCall(c) ? 'serves a guest, refused where §6 says' : 'refuses a guest with 401', async () => {
      await keepAlive('guest');
      if (!guestMayCall(c)) {
        // The suite's guest has followed a link (getLink); a `link` call is tried with one that has not.
        const guest = c.access === 'link' ? await guestSession(ctx.app) : sessions.guest;
        expectRefusal(await send(ctx.app, c, validInput(c, 'owner', ids), guest), [401]);
        return count();
      }
      const own = await send(ctx.app, c, validInput(c, 'guest', ids), sessions.guest);
      expect([401, 403], own.body).not.toContain(own.statusCode);
      await keepAlive('guest');
      for (const part of PARTS) {
        for (const [field, reach] of reachesOf(c, part)) {
          for (const form of formsOf(reach)) {
            const refused = identifierOf(ids, form, 'guestRefused');
            if (refused === undefined) continue;
            const input = validInput(c, 'guest', ids);
            input[part][field] = refused;
            expectRefusal(await send(ctx.app, c, inForm(c, input, form), sessions.guest), [401, 403, 404]);
          }
        }
      }
      count();
    });

    it.each(['owner', 'delegate'] as const)(
      "as the %s, refuses the stranger's identifier in each reached field with 403/404",
      async (actor) => {
        await keepAlive(actor);
        const markers = strangerMarkers(ids);
        for (const part of PARTS) {
          for (const [field, reach] of reachesOf(c, part)) {
            for (const form of formsOf(reach)) {
              const theirs = identifierOf(ids, form, 'other');
              expect(theirs, `no "${form.join('.')}" of the stranger in access-world.ts`).toBeDefined();
              const input = validInput(c, actor, ids);
              input[part][field] = theirs;
              const res = await send(ctx.app, c, inForm(c, input, form), credentialOf(c, sessions, actor));
              expectRefusal(res, [403, 404]);
              for (const marker of markers)
                expect(res.body, `${part}.${field}=${theirs}`).not.toContain(marker);
            }
          }
        }
        count();
      },
    );

    it.each(['owner', 'delegate'] as const)('as the %s, serves its own identifiers', async (actor) => {
      await keepAlive(actor);
      const res = await send(ctx.app, c, validInput(c, actor, ids), credentialOf(c, sessions, actor));
      if (delegatedRefusedToToken(c, actor) || (actor === 'delegate' && HOLDER_ONLY.has(c.name))) {
        expectRefusal(res, [403]);
        return count();
      }
      if (PROVED_ELSEWHERE[c.name]?.includes(actor)) {
        expectRefusal(res, [422]);
        return count();
      }
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.json().success).toBe(true);
      count();
    });
  });

  describe.each(allCalls.map((c) => [`${c.method} ${c.name}`, c] as const))('%s', (_name, c) => {
    it(
      c.stepUp ? 'refuses a session without a recent step-up with 403' : 'asks no step-up of its sample',
      async () => {
        const input = validInput(c, 'owner', ids);
        if (!c.stepUp || !needsStepUp(c, input.body)) {
          expect(needsStepUp(c, input.body)).toBe(false);
          return;
        }
        const fresh = await loginAs(ctx.app, USERNAMES.owner);
        const res = await send(ctx.app, c, input, fresh);
        expectRefusal(res, [403]);
        expect(res.json().message).toBe(MESSAGES.step_up_required);
      },
    );
  });

  describe('coverage', () => {
    it('covers every call of the contract', () => {
      const figure = `${covered.size} / ${allCalls.length}`;
      console.info(`[access suite on ${kind}] calls covered / calls in the contract: ${figure}`);
      expect(allCalls.filter((c) => !covered.has(c.name)).map((c) => c.name)).toEqual([]);
    });

    it('received only answers the OpenAPI document describes', async () => {
      expect(answers.size).toBeGreaterThan(0);
      expect(await answers.mismatches(ctx.app)).toEqual([]);
    });
  });

  afterAll(() => covered.clear());
});
