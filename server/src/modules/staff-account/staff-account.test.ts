// The customer page's other sections and the account's fixes (ADR 045), through app.inject on PGlite and
// PostgreSQL. Who may call what is the generated staff access suite's; here: the right customer's data
// only, no secret in the answer, and each fix's reason, effect, audit, security event and notice.
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import {
  consentChanges,
  customers,
  delegationRequests,
  delegations,
  integrationEvents,
  jobs,
  rateLimits,
  securityEvents,
  sessions,
  staffAudit,
  users,
  workflowTasks,
} from '@sportello/db/schema';
import { databaseKinds } from '../../../test/databases.js';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
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
    it('lists the consents’ changes newest first with who and the path; none yet is an empty list', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const page = async (customerId: number) =>
        (
          await staffCall(ctx.app, 'GET', `staff/v1/customers/${customerId}/account`, {
            staffSessionId: sessionId,
          })
        ).json().data;
      expect((await page(ctx.fixture.anna.id)).consentChanges).toEqual([]);

      const mario = ctx.fixture.mario.id;
      const [before] = await ctx.db.select().from(customers).where(eq(customers.id, mario));
      const [marioUser] = await ctx.db.select().from(users).where(eq(users.id, ctx.fixture.marioUser.id));
      const customerSession = await loginSteppedUp(ctx, 'mario');
      // privacyOthers is sent unchanged: only privacyCompany is a change.
      const consents = { privacyCompany: !before!.privacyCompany, privacyOthers: before!.privacyOthers };
      for (let i = 0; i < 2; i++) {
        const res = await call(ctx.app, 'PUT', 'portalapi/Erp/v1/customers/CUS-MARIO', {
          sessionId: customerSession,
          body: consents,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const userChange = await call(ctx.app, 'PUT', 'portalapi/Core/v1/users', {
        sessionId: customerSession,
        body: { receiveTechNotifications: !marioUser!.receiveTechNotifications },
      });
      expect(userChange.statusCode, userChange.body).toBe(200);

      const after = await page(mario);
      expect(after.consentChanges).toEqual([
        expect.objectContaining({
          consent: 'technical',
          subject: 'mario',
          from: marioUser!.receiveTechNotifications,
          to: !marioUser!.receiveTechNotifications,
          channel: 'portal',
          who: 'mario',
        }),
        expect.objectContaining({
          consent: 'privacyCompany',
          subject: before!.name,
          from: before!.privacyCompany,
          to: !before!.privacyCompany,
          channel: 'portal',
          who: 'mario',
        }),
      ]);
      const since = after.consents.find((c: { consent: string }) => c.consent === 'privacyCompany').since;
      expect(since).toBe(after.consentChanges[1].at);
      expect(
        await ctx.db.select().from(consentChanges).where(eq(consentChanges.customerId, mario)),
      ).toHaveLength(2);
    });

    it('keeps the consents’ changes append-only in the database: UPDATE and DELETE are refused', async () => {
      const [row] = await ctx.db
        .insert(consentChanges)
        .values({
          customerId: ctx.fixture.anna.id,
          consent: 'commercial',
          subject: 'anna',
          oldValue: false,
          newValue: true,
          channel: 'portal',
          byWho: 'anna',
          at: new Date(),
        })
        .returning();
      await expect(
        ctx.db.update(consentChanges).set({ newValue: false }).where(eq(consentChanges.id, row!.id)),
      ).rejects.toThrow();
      await expect(ctx.db.delete(consentChanges).where(eq(consentChanges.id, row!.id))).rejects.toThrow();
      expect(await ctx.db.select().from(consentChanges).where(eq(consentChanges.id, row!.id))).toEqual([row]);
    });

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
        [{}, MESSAGES.staff_reason_required],
        [{ reason: '  corto   ' }, MESSAGES.staff_reason_required],
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

    it('corrects a contact only with the code sent to the contact on file, told first; a wrong code is refused', async () => {
      const { sessionId, id: staffId } = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const id = ctx.fixture.mario.id;
      const invalid = await act(sessionId, id, 'contact', {
        contact: 'email',
        value: 'non-una-mail',
        reason: REASON,
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().message).toBe('Scrivi un indirizzo e-mail o un numero di cellulare valido.');

      const started = await act(sessionId, id, 'contact', {
        contact: 'email',
        value: 'mario.nuovo@example.it',
        reason: REASON,
      });
      expect(started.statusCode, started.body).toBe(200);
      const { workflowId, sentTo } = started.json().data;
      expect(started.body).not.toMatch(/code/i);
      expect(sentTo).toBe('c•••@e•••.it');
      // The code goes to the contact on file, never to the one the caller gave; the contact on file
      // heard of the request first.
      const queued = await ctx.db.select().from(jobs).orderBy(jobs.id);
      const codeAt = queued.findIndex((j) => j.idempotencyKey === `otp:${workflowId}`);
      const job = queued[codeAt]!;
      expect((job.payload as { to: string }).to).toBe(ctx.fixture.mario.email);
      expect(queued.some((j) => (j.payload as { to?: string }).to === 'mario.nuovo@example.it')).toBe(false);
      const noticeAt = queued.findIndex((j) => j.idempotencyKey.startsWith('notice:care:contact-started:'));
      expect(noticeAt).toBeGreaterThanOrEqual(0);
      expect(noticeAt).toBeLessThan(codeAt);
      const notice = queued[noticeAt]!.payload as { to: string; subject: string; text: string };
      expect(notice).toMatchObject({
        to: ctx.fixture.mario.email,
        subject: 'Richiesta di cambiare un tuo recapito',
      });
      expect(notice.text).toContain('m•••@e•••.it');
      expect(notice.text).not.toMatch(/\b\d{4}\b.*operatore/);
      const code = /\b(\d{4})\b/.exec(String(job.payload.text))![1]!;
      const wrongCode = code === '0000' ? '1111' : '0000';

      const wrong = await act(sessionId, id, 'contact/confirm', {
        workflowId,
        code: wrongCode,
        reason: REASON,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe('Il codice non è corretto: fattelo rileggere dal cliente.');
      const [unchanged] = await ctx.db.select().from(customers).where(eq(customers.id, id));
      expect(unchanged!.email).toBe(ctx.fixture.mario.email);

      const right = await act(sessionId, id, 'contact/confirm', { workflowId, code, reason: REASON });
      expect(right.statusCode, right.body).toBe(200);
      const [changed] = await ctx.db.select().from(customers).where(eq(customers.id, id));
      expect(changed!.email).toBe('mario.nuovo@example.it');
      // The supplier's systems hear of it as the staff member's correction (ADR 050).
      const told = await ctx.db
        .select()
        .from(integrationEvents)
        .where(and(eq(integrationEvents.customerId, id), eq(integrationEvents.kind, 'contact.changed')));
      expect(told.at(-1)).toMatchObject({
        staffUserId: staffId,
        payload: { contact: 'email', value: 'mario.nuovo@example.it' },
      });
      const spent = await act(sessionId, id, 'contact/confirm', { workflowId, code, reason: REASON });
      expect(spent.statusCode).toBe(422);
      expect(spent.json().message).toMatch(/scaduto, è già stato usato/);
      const events = await ctx.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, ctx.fixture.marioUser.id));
      expect(events.map((e) => e.kind)).toContain('care_contact_changed');

      // For a day no password link goes out: not from "forgotten password", not from the console.
      const resetLinks = async () =>
        (await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'mail:password-reset:%'))).filter(
          (j) => (j.payload as { to: string }).to === 'mario.nuovo@example.it',
        );
      const forgotten = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/start', {
        sessionId: await guestSession(ctx.app),
        body: { username: 'mario' },
      });
      expect(forgotten.statusCode).toBe(200);
      // The resend of an earlier test is still within its 5 minutes: forgotten, so the wait is what answers.
      await ctx.db.delete(rateLimits).where(like(rateLimits.key, 'staff-reset:%'));
      const resend = await act(sessionId, id, 'reset-link', { reason: REASON });
      expect(resend.statusCode).toBe(422);
      expect(resend.json().message).toBe(MESSAGES.staff_account_reset_waits);
      expect(await resetLinks()).toEqual([]);
      // A day later, it does.
      await ctx.db
        .update(securityEvents)
        .set({ at: new Date(Date.now() - 25 * 3_600_000) })
        .where(
          and(
            eq(securityEvents.userId, ctx.fixture.marioUser.id),
            eq(securityEvents.kind, 'care_contact_changed'),
          ),
        );
      await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/start', {
        sessionId: await guestSession(ctx.app),
        body: { username: 'mario' },
      });
      expect(await resetLinks()).toHaveLength(1);
    });

    it('sends a correction code to the other contact on file when the one replaced is missing, and refuses with none', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const started = await act(sessionId, ctx.fixture.anna.id, 'contact', {
        contact: 'phone',
        value: '333 1112223',
        reason: REASON,
      });
      expect(started.statusCode, started.body).toBe(200);
      const [job] = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `otp:${started.json().data.workflowId}`));
      expect(job!.kind).toBe('mail');
      expect((job!.payload as { to: string }).to).toBe(ctx.fixture.anna.email);

      await ctx.db
        .update(customers)
        .set({ email: null, phoneMobile: null })
        .where(eq(customers.id, ctx.fixture.stranger.id));
      const none = await act(sessionId, ctx.fixture.stranger.id, 'contact', {
        contact: 'email',
        value: 'franco.nuovo@example.it',
        reason: REASON,
      });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(MESSAGES.staff_contact_no_contact_on_file);
      await ctx.db
        .update(customers)
        .set({ email: ctx.fixture.stranger.email, phoneMobile: ctx.fixture.stranger.phoneMobile })
        .where(eq(customers.id, ctx.fixture.stranger.id));
    });

    it('throttles guessing a contact code: five wrong codes spend it', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'administrator', ['sga']);
      const id = ctx.fixture.anna.id;
      const started = await act(sessionId, id, 'contact', {
        contact: 'phone',
        value: '333 7654321',
        reason: REASON,
      });
      expect(started.statusCode, started.body).toBe(200);
      const { workflowId } = started.json().data;
      const [job] = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `otp:${workflowId}`));
      const code = /\b(\d{4})\b/.exec(String(job!.payload.text))![1]!;
      const wrongCode = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++)
        expect(
          (await act(sessionId, id, 'contact/confirm', { workflowId, code: wrongCode, reason: REASON }))
            .statusCode,
        ).toBe(422);
      const late = await act(sessionId, id, 'contact/confirm', { workflowId, code, reason: REASON });
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toMatch(/sbagliato troppe volte/);
    });

    it('confirms a pending delegation the customer confirmed by phone, once', async () => {
      const workflowId = 'WF-DLG-telefono';
      await ctx.db.insert(workflowTasks).values({
        workflowId,
        companyCode: 'sga',
        customerId: ctx.fixture.anna.id,
        taskName: 'ConfermaDelega',
        title: 'Richiesta di delega',
        description: 'Franco chiede la delega',
        replies: ['confirm', 'refuse'],
      });
      await ctx.db.insert(delegationRequests).values({
        userId: ctx.fixture.francoUser.id,
        customerId: ctx.fixture.anna.id,
        workflowId,
        status: 'pending',
      });
      const one = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const two = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const body = { delegate: 'franco', reason: REASON };
      const [first, second] = await Promise.all([
        act(one.sessionId, ctx.fixture.anna.id, 'delegation', body),
        act(two.sessionId, ctx.fixture.anna.id, 'delegation', body),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
      const lost = first.statusCode === 422 ? first : second;
      expect(lost.json().message).toMatch(/Nessuna richiesta di delega in attesa/);
      const granted = await ctx.db
        .select()
        .from(delegations)
        .where(
          and(
            eq(delegations.userId, ctx.fixture.francoUser.id),
            eq(delegations.customerId, ctx.fixture.anna.id),
          ),
        );
      expect(granted).toHaveLength(1);
      const audit = await ctx.db
        .select()
        .from(staffAudit)
        .where(
          and(eq(staffAudit.customerId, ctx.fixture.anna.id), eq(staffAudit.action, 'account_delegation')),
        );
      expect(audit).toHaveLength(1);
      // The supplier's systems hear of the decision as the winning supervisor's (ADR 050).
      const winner = first.statusCode === 200 ? one : two;
      const decided = await ctx.db
        .select()
        .from(integrationEvents)
        .where(
          and(eq(integrationEvents.kind, 'delegation.decided'), eq(integrationEvents.entityKey, workflowId)),
        );
      expect(decided).toEqual([
        expect.objectContaining({
          staffUserId: winner.id,
          payload: expect.objectContaining({ outcome: 'granted' }),
        }),
      ]);
    });

    it('lets only supervisors correct a contact or confirm a delegation', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const res = await act(sessionId, ctx.fixture.anna.id, 'delegation', {
        delegate: 'franco',
        reason: REASON,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Il tuo ruolo non permette questa operazione.');
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
