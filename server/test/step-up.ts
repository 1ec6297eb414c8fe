// Gives a test session a step-up (ADR 038) the way a customer makes one. Adding a passkey needs a
// step-up itself, so the first one is made with a code to the contact on file (read from the queued
// delivery, as the customer reads their mailbox); then each step-up uses the passkey, added once per
// user and app by a software authenticator.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '@sportello/db/schema';
import { call, loginAs, type TestContext } from './app.js';
import { createAuthenticator } from './webauthn-authenticator.js';

/** The test configuration's relying party: PUBLIC_BASE_URL's default. */
export const TEST_ORIGIN = 'http://localhost:8080';
export const TEST_RP_ID = 'localhost';

const PASSKEYS = 'portalapi/Core/v1/user/passkeys';
const STEP_UP = 'portalapi/Core/v1/user/step-up';

/** What the helpers need of a test's context: the app, and the database to read a sent code. */
export type StepUpContext = Pick<TestContext, 'app' | 'db'>;

const made = new WeakMap<FastifyInstance, Map<string, ReturnType<typeof createAuthenticator>>>();

async function ok(res: Awaited<ReturnType<typeof call>>, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.body}`);
  return res.json().data;
}

/** The code a step-up sent (its delivery's idempotency key is `step-up:<workflowId>`). */
export async function sentStepUpCode(db: TestContext['db'], workflowId: string): Promise<string> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.idempotencyKey, `step-up:${workflowId}`));
  const code = /\b(\d{4})\b/.exec(String(job?.payload.text ?? ''))?.[1];
  if (!code) throw new Error(`no step-up code sent for ${workflowId}`);
  return code;
}

/** Steps the session up with a code sent to the first contact on file of its user. */
export async function stepUpWithCode({ app, db }: StepUpContext, sessionId: string) {
  const status = await ok(await call(app, 'GET', STEP_UP, { sessionId }), 'step-up status');
  const channel = status.channels[0]?.channel;
  if (!channel) throw new Error('the user has no contact on file for a step-up code');
  const { workflowId } = await ok(
    await call(app, 'POST', `${STEP_UP}/code`, { sessionId, body: { channel } }),
    'step-up code',
  );
  const code = await sentStepUpCode(db, workflowId);
  await ok(
    await call(app, 'POST', `${STEP_UP}/code/verify`, { sessionId, body: { workflowId, code } }),
    'step-up code verification',
  );
}

/** Adds a passkey to the session's user (after a step-up by code) with a new authenticator holding it. */
export async function addPasskey(ctx: StepUpContext, sessionId: string) {
  await stepUpWithCode(ctx, sessionId);
  const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
  const options = await ok(
    await call(ctx.app, 'POST', `${PASSKEYS}/options`, { sessionId, body: {} }),
    'passkey options',
  );
  const credential = authenticator.register(options);
  await ok(
    await call(ctx.app, 'POST', PASSKEYS, { sessionId, body: { credential } }),
    'passkey registration',
  );
  return authenticator;
}

/** Steps the session up with its user's passkey (added at the first step-up of that user). */
export async function stepUp(ctx: StepUpContext, sessionId: string, username: string) {
  const byUser = made.get(ctx.app) ?? new Map();
  made.set(ctx.app, byUser);
  let authenticator = byUser.get(username);
  if (!authenticator) {
    authenticator = await addPasskey(ctx, sessionId);
    byUser.set(username, authenticator);
  }
  const options = await ok(
    await call(ctx.app, 'POST', `${STEP_UP}/passkey/options`, { sessionId, body: {} }),
    'step-up options',
  );
  await ok(
    await call(ctx.app, 'POST', `${STEP_UP}/passkey`, {
      sessionId,
      body: { credential: authenticator.assert(options) },
    }),
    'step-up',
  );
}

/** A logged-in session that has just made a step-up: what a `stepUp` call needs. */
export async function loginSteppedUp(ctx: StepUpContext, username: string) {
  const sessionId = await loginAs(ctx.app, username);
  await stepUp(ctx, sessionId, username);
  return sessionId;
}
