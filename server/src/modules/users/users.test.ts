// The logged-in user: changing password (with rules and the current password), options and flags,
// and registering a push device.
import { describe, expect, it } from 'vitest';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';

const USERS = 'portalapi/Core/v1/users';

describe.each(databaseKinds)('user settings on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('refuses a weak new password with one message per rule', async () => {
    const sessionId = await loginAs(ctx.app, 'lead');
    const res = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: { currentPassword: PASSWORD, password: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'La password deve contenere almeno 8 caratteri',
      'La password deve contenere almeno un carattere non alfabetico',
      'La password deve contenere almeno una lettera maiuscola',
      'La password deve contenere almeno un numero',
    ]);
  });

  it('refuses a password change without the right current password', async () => {
    const sessionId = await loginAs(ctx.app, 'lead');
    const res = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: { currentPassword: 'Sbagliata1!', password: 'NuovaPass1!' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: 'invalid_password_current',
        field: 'currentPassword',
        message: 'La password attuale non è corretta.',
      },
    ]);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = await loginAs(ctx.app, 'lead');
    const sessionId = await loginAs(ctx.app, 'lead');
    const res = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: { currentPassword: PASSWORD, password: 'NuovaPass1!' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: other })).statusCode).toBe(
      401,
    );
    expect((await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId })).statusCode).toBe(200);
    const guest = await guestSession(ctx.app);
    const relogin = await call(ctx.app, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: guest,
      body: { username: 'lead', password: 'NuovaPass1!' },
      ip: '127.0.5.1',
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('saves options text and notification flags', async () => {
    const sessionId = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: {
        userOptions: '{"tour":true}',
        receiveCommercialNotifications: true,
        receiveTechNotifications: false,
      },
    });
    expect(res.json().data).toMatchObject({
      userOptions: '{"tour":true}',
      receiveCommercialNotifications: true,
      receiveTechNotifications: false,
    });
  });

  it('refuses options that are not JSON, and unknown fields', async () => {
    const sessionId = await loginAs(ctx.app, 'mario');
    for (const userOptions of ['[]', '{"notifications":{"message":{"email":"yes"}}}']) {
      const wrong = await call(ctx.app, 'PUT', USERS, { sessionId, body: { userOptions } });
      expect(wrong.statusCode, userOptions).toBe(400);
    }
    const channels = '{"tour":true,"notifications":{"proposal":{"email":false,"push":true}}}';
    const ok = await call(ctx.app, 'PUT', USERS, { sessionId, body: { userOptions: channels } });
    expect(ok.json().data.userOptions).toBe(channels);
    const bad = await call(ctx.app, 'PUT', USERS, { sessionId, body: { userOptions: '{nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('userOptions');
    const unknown = await call(ctx.app, 'PUT', USERS, { sessionId, body: { status: 'Active' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('registers a push device once per push id', async () => {
    const sessionId = await loginAs(ctx.app, 'mario');
    const first = await call(ctx.app, 'POST', 'portalapi/Core/v1/devices', {
      sessionId,
      body: { fbPushId: 'push-token-1', platform: 'android' },
    });
    const again = await call(ctx.app, 'POST', 'portalapi/Core/v1/devices', {
      sessionId,
      body: { fbPushId: 'push-token-1', platform: 'android' },
    });
    expect(first.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
  });
});
