// Staff accounts for tests (ADR 041): made through the CLI's own function, logged in with the code
// of the moment. A TOTP step opens once, so each login here is a fresh account.
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { createStaffAccount } from '../src/modules/staff/accounts.js';
import { createStaffRepository } from '../src/modules/staff/repository.js';
import { totpCode } from '../src/modules/staff/totp.js';

export const STAFF_PASSWORD = 'Operatore-di-prova-1';

let counter = 0;

export async function makeStaff(db: Db, role: StaffRole, brands: string[]) {
  const username = `${role}.${brands.join('-')}.${++counter}`;
  const made = await createStaffAccount(db, createStaffRepository(db), {
    username,
    displayName: `Prova ${counter}`,
    password: STAFF_PASSWORD,
    role,
    brands,
  });
  return { username, secret: made.secret, id: made.id };
}

export async function staffCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { staffSessionId?: string; sessionId?: string; body?: unknown; ip?: string } = {},
) {
  return app.inject({
    method,
    url: url.startsWith('/') ? url : `/services/rest/${url}`,
    headers: {
      ...(options.staffSessionId ? { staffsessionid: options.staffSessionId } : {}),
      ...(options.sessionId ? { sessionid: options.sessionId } : {}),
    },
    ...(options.body !== undefined ? { payload: { request: options.body } } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

let address = 0;
/** A new account of `role` on `brands`, logged in from its own address: its staff session id. */
export async function staffSession(app: FastifyInstance, db: Db, role: StaffRole, brands: string[]) {
  const account = await makeStaff(db, role, brands);
  const res = await staffCall(app, 'POST', 'staff/v1/login', {
    body: {
      username: account.username,
      password: STAFF_PASSWORD,
      code: totpCode(account.secret, new Date()),
    },
    ip: `127.0.3.${++address % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return { ...account, sessionId: res.json().data.id as string };
}
