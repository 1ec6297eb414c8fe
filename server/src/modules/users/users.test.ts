// The logged-in user: changing password (with rules and the current password), options and flags,
// and registering a push device.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '@sportello/db/schema';
import { call, guestSession, useTestApp } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';

const USERS = 'portalapi/Core/v1/users';

describe.each(databaseKinds)('user settings on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('refuses a weak new password with one message per rule', async () => {
    const sessionId = await loginSteppedUp(ctx, 'lead');
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
    const sessionId = await loginSteppedUp(ctx, 'lead');
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
    const other = await loginSteppedUp(ctx, 'lead');
    const sessionId = await loginSteppedUp(ctx, 'lead');
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

  it('refuses a new password equal to the current one', async () => {
    const sessionId = await loginSteppedUp(ctx, 'mario');
    const res = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: { currentPassword: PASSWORD, password: PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: 'password_same_as_old',
        field: 'password',
        message: 'La nuova password deve essere diversa da quella attuale.',
      },
    ]);
  });

  it('spends the reset links asked before a password change', async () => {
    const guest = await guestSession(ctx.app);
    const asked = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/start', {
      sessionId: guest,
      body: { username: 'anna' },
      ip: '127.0.6.1',
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail')))
      .map((j) => j.payload as { to: string; text: string })
      .filter((m) => m.to === 'cus-anna@example.it');
    const token = /\/link\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const sessionId = await loginSteppedUp(ctx, 'anna');
    const changed = await call(ctx.app, 'PUT', USERS, {
      sessionId,
      body: { currentPassword: PASSWORD, password: 'NuovaPass1!' },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/complete', {
      sessionId: guest,
      body: { token, password: 'Altra2026!', confirmPassword: 'Altra2026!' },
      ip: '127.0.6.1',
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().message).toBe('Ops! ci dispiace, qualcosa non ha funzionato');
  });

  it('saves options text and notification flags', async () => {
    const sessionId = await loginSteppedUp(ctx, 'mario');
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
    const sessionId = await loginSteppedUp(ctx, 'mario');
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
    const sessionId = await loginSteppedUp(ctx, 'mario');
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
