// Gives a test session a step-up (ADR 038) the way a customer makes one: with a passkey of the user's,
// added through the API once per user and app by a software authenticator.
import type { FastifyInstance } from 'fastify';
import { call, loginAs } from './app.js';
import { createAuthenticator } from './webauthn-authenticator.js';

/** The test configuration's relying party: PUBLIC_BASE_URL's default. */
export const TEST_ORIGIN = 'http://localhost:8080';
export const TEST_RP_ID = 'localhost';

const PASSKEYS = 'portalapi/Core/v1/user/passkeys';
const STEP_UP = 'portalapi/Core/v1/user/step-up/passkey';

const made = new WeakMap<FastifyInstance, Map<string, ReturnType<typeof createAuthenticator>>>();

async function ok(res: Awaited<ReturnType<typeof call>>, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.body}`);
  return res.json().data;
}

/** Adds a passkey to the session's user with a new authenticator holding it. */
export async function addPasskey(app: FastifyInstance, sessionId: string) {
  const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
  const options = await ok(
    await call(app, 'POST', `${PASSKEYS}/options`, { sessionId, body: {} }),
    'passkey options',
  );
  const credential = authenticator.register(options);
  await ok(await call(app, 'POST', PASSKEYS, { sessionId, body: { credential } }), 'passkey registration');
  return authenticator;
}

/** Steps the session up with its user's passkey (added at the first step-up of that user). */
export async function stepUp(app: FastifyInstance, sessionId: string, username: string) {
  const byUser = made.get(app) ?? new Map();
  made.set(app, byUser);
  let authenticator = byUser.get(username);
  if (!authenticator) {
    authenticator = await addPasskey(app, sessionId);
    byUser.set(username, authenticator);
  }
  const options = await ok(
    await call(app, 'POST', `${STEP_UP}/options`, { sessionId, body: {} }),
    'step-up options',
  );
  await ok(
    await call(app, 'POST', STEP_UP, { sessionId, body: { credential: authenticator.assert(options) } }),
    'step-up',
  );
}

/** A logged-in session that has just made a step-up: what a `stepUp` call needs. */
export async function loginSteppedUp(app: FastifyInstance, username: string) {
  const sessionId = await loginAs(app, username);
  await stepUp(app, sessionId, username);
  return sessionId;
}
