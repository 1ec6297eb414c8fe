// The customer page's other sections and the account's fixes (ADR 045), through app.inject on PGlite and
// PostgreSQL. Who may call what is the generated staff access suite's; here: the right customer's data
// only, no secret in the answer, and each fix's reason, effect, audit, security event and notice.
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, rateLimits, securityEvents, sessions, staffAudit, users } from '@sportello/db/schema';
import { databaseKinds } from '../../../test/databases.js';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { PASSWORD } from '../../../test/fixture.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { staffCall, staffSession } from '../../../test/staff.js';

const REASON = 'Il cliente ha chiamato dal numero registrato';

describe.each(databaseKinds)('staff account (%s)', (kind) => {
  const ctx = useSupplyTestApp(kind);

  const act = (sessionId: string, customerId: number, action: string, body: unknown) =>
    staffCall(ctx.app, 'POST', `staff/v1/customers/${customerId}/account/${action}`, {
      staffSessionId: sessionId,
      body,
    });

  describe('the sections', () => {
    it('shows the customer’s own rows, newest first, and no secret of theirs', async () => {
      const marioSession = await loginAs(ctx.app, 'mario');
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const res = await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.mario.id}/account`, {
        staffSessionId: sessionId,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.limit).toBe(20);
      expect(page.users).toEqual([expect.objectContaining({ username: 'mario', loginLocked: false })]);
      expect(page.sessions.length).toBeGreaterThan(0);
      expect(page.sessions.every((s: { username: string }) => s.username === 'mario')).toBe(true);
      expect(page.consents.map((c: { consent: string }) => c.consent)).toEqual([
        'privacyCompany',
        'privacyOthers',
        'commercial',
        'technical',
      ]);
      const dates = page.readings.map((r: { date: string }) => r.date);
      expect([...dates].sort().reverse()).toEqual(dates);

      // No session id or hash, session key, password hash, link token or one-time code of Mario's.
      const text = res.body;
      const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, ctx.fixture.marioUser.id));
      for (const secret of [marioSession, row!.idHash, row!.key, ctx.fixture.marioUser.passwordHash!])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/password|token|codeHash|idHash/i);
    });

    it('refuses another brand’s customer and an unknown one', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const other = await staffCall(
        ctx.app,
        'GET',
        `staff/v1/customers/${ctx.fixture.mesCustomer.id}/account`,
        {
          staffSessionId: sessionId,
        },
      );
      expect(other.statusCode).toBe(403);
      const missing = await staffCall(ctx.app, 'GET', 'staff/v1/customers/999999999/account', {
        staffSessionId: sessionId,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('the fixes', () => {
    it('each needs a reason of 10 characters on one line, in Italian, and changes nothing without', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const cases = [
        [{}, 'Scrivi il motivo (almeno 10 caratteri): il cliente lo leggerà.'],
        [{ reason: '  corto   ' }, 'Scrivi il motivo (almeno 10 caratteri): il cliente lo leggerà.'],
        [{ reason: 'riga uno\nriga due lunga' }, 'Il testo contiene caratteri non ammessi.'],
      ] as const;
      for (const [body, message] of cases) {
        const res = await act(sessionId, ctx.fixture.stranger.id, 'end-sessions', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([expect.objectContaining({ field: 'reason', message })]);
      }
      const audited = await ctx.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.customerId, ctx.fixture.stranger.id), like(staffAudit.action, 'account_%')));
      expect(audited).toEqual([]);
    });

    it('ends every session of the customer: the old one answers 401; a second operator finds none', async () => {
      const franco = await loginAs(ctx.app, 'franco');
      const before = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: franco });
      expect(before.statusCode).toBe(200);
      const one = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const two = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const [first, second] = await Promise.all([
        act(one.sessionId, ctx.fixture.stranger.id, 'end-sessions', { reason: REASON }),
        act(two.sessionId, ctx.fixture.stranger.id, 'end-sessions', { reason: REASON }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
      const lost = first.statusCode === 422 ? first : second;
      expect(lost.json().message).toBe(
        'Il cliente non ha accessi aperti: forse un collega li ha già terminati.',
      );

      const after = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: franco });
      expect(after.statusCode).toBe(401);

      const audit = await ctx.db
        .select()
        .from(staffAudit)
        .where(
          and(
            eq(staffAudit.customerId, ctx.fixture.stranger.id),
            eq(staffAudit.action, 'account_end-sessions'),
          ),
        );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toMatchObject({ reason: REASON });
      const events = await ctx.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, ctx.fixture.francoUser.id));
      expect(events.map((e) => e.kind)).toContain('care_sessions_ended');
      const notice = await ctx.db
        .select()
        .from(jobs)
        .where(like(jobs.idempotencyKey, `notice:care:end-sessions:${ctx.fixture.stranger.id}:%`));
      expect(notice).toHaveLength(1);
      expect(JSON.stringify(notice[0]!.payload)).toContain(
        'il servizio clienti ha terminato tutti gli accessi aperti al tuo account su tua richiesta',
      );
    });

    it('unlocks a throttled login: the customer logs in again from the locked address', async () => {
      const ip = '10.77.0.1';
      const login = async (password: string) => {
        const guest = await guestSession(ctx.app);
        return call(ctx.app, 'POST', 'portalapi/Core/v1/user/login', {
          sessionId: guest,
          body: { username: 'anna', password },
          ip,
        });
      };
      for (let i = 0; i < 5; i++) expect((await login(`sbagliata-${i}`)).statusCode).toBe(422);
      expect((await login(PASSWORD)).statusCode).toBe(429);

      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const page = await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.anna.id}/account`, {
        staffSessionId: sessionId,
      });
      expect(page.json().data.users[0]).toMatchObject({ username: 'anna', loginLocked: true });

      const res = await act(sessionId, ctx.fixture.anna.id, 'unlock-login', { reason: REASON });
      expect(res.statusCode).toBe(200);
      expect((await login(PASSWORD)).statusCode).toBe(200);
      const again = await act(sessionId, ctx.fixture.anna.id, 'unlock-login', { reason: REASON });
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toMatch(/non è bloccato/);
      const left = await ctx.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, 'login:user%:sga:anna%'));
      expect(left.every((r) => r.count === 0)).toBe(true);
      const events = await ctx.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, await userId('anna')));
      expect(events.map((e) => e.kind)).toContain('care_login_unlocked');
    });

    it('sends the password link to the contact on file, once per 5 minutes, never to the operator', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const res = await act(sessionId, ctx.fixture.mario.id, 'reset-link', { reason: REASON });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/token|link\//i);
      const mails = await ctx.db
        .select()
        .from(jobs)
        .where(like(jobs.idempotencyKey, 'mail:password-reset:%'));
      expect(mails.some((m) => (m.payload as { to: string }).to === ctx.fixture.mario.email)).toBe(true);
      const again = await act(sessionId, ctx.fixture.mario.id, 'reset-link', { reason: REASON });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/appena inviato/);
    });

    it('refuses another brand’s customer and changes nothing', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'administrator', ['sga']);
      const res = await act(sessionId, ctx.fixture.mesCustomer.id, 'end-sessions', { reason: REASON });
      expect(res.statusCode).toBe(403);
    });
  });

  async function userId(username: string) {
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.username, username), eq(users.companyCode, 'sga')));
    return row!.id;
  }
});
