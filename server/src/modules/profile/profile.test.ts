// The profile: one-time codes (delivery, hashing, expiry, tries, rate, single use, trimmed values,
// own workflows only), a customer's consents and home phone, and the registry change request.
import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customers,
  integrationEvents,
  jobs,
  otpWorkflows,
  rateLimits,
  requests,
  users,
} from '@sportello/db/schema';
import { call, useTestApp } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';

const EMAIL_CHECK = 'bpm/v1/email-check';
const PHONE_CHECK = 'bpm/v1/phone-check';
const VERIFY = 'bpm/v1/otp-verification';
const ACCOUNT_DATA = 'portalapi/Erp/v1/requests/accountData';

describe.each(databaseKinds)('profile on %s', (kind) => {
  const ctx = useTestApp(kind);
  beforeEach(async () => {
    await ctx.db.delete(rateLimits);
  });

  /** The code the job carries, as the outbox would deliver it. */
  async function codeOf(workflowId: string) {
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `otp:${workflowId}`));
    const text = String(job!.payload.text);
    return { job: job!, code: /\b(\d{4})\b/.exec(text)![1]! };
  }
  const start = async (sessionId: string, email = 'nuova@example.it') => {
    const res = await call(ctx.app, 'POST', EMAIL_CHECK, { sessionId, body: { email } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.workflowId as string;
  };
  const verify = (sessionId: string, workflowId: string, code: string) =>
    call(ctx.app, 'POST', VERIFY, { sessionId, body: { workflowId, code } });
  const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
  const userRow = async (username: string) =>
    (
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.key, `USR-${username}`))
    )[0]!;

  describe('one-time codes', () => {
    it('mails a random 4-digit code, stores only its hash, and changes the e-mail once it matches', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'POST', EMAIL_CHECK, {
        sessionId: mario,
        body: { email: '  mario.nuovo@example.it  ' },
      });
      expect(res.statusCode).toBe(200);
      const { workflowId, expiresAt } = res.json().data;
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
      const { job, code } = await codeOf(workflowId);
      expect(job).toMatchObject({ kind: 'mail', payload: { to: 'mario.nuovo@example.it' } });
      const [row] = await ctx.db.select().from(otpWorkflows).where(eq(otpWorkflows.id, workflowId));
      expect(row!.codeHash).not.toContain(code);
      expect(row!.target).toBe('mario.nuovo@example.it');

      const ok = await verify(mario, workflowId, code);
      expect(ok.json().data).toEqual({ matches: true, outcome: 'verified', attemptsLeft: 4 });
      expect((await userRow('mario')).email).toBe('mario.nuovo@example.it');
      const [customer] = await ctx.db.select().from(customers).where(eq(customers.key, 'CUS-MARIO'));
      expect(customer!.email).toBe('mario.nuovo@example.it');
      // The supplier's systems hear of the proven contact (ADR 036's outbox).
      const events = await ctx.db
        .select({ payload: integrationEvents.payload })
        .from(integrationEvents)
        .where(
          and(eq(integrationEvents.kind, 'contact.changed'), eq(integrationEvents.customerId, customer!.id)),
        );
      expect(events.map((e) => e.payload)).toEqual([{ contact: 'email', value: 'mario.nuovo@example.it' }]);

      // Single use: the same code again changes nothing.
      const again = await verify(mario, workflowId, code);
      expect(again.json().data).toMatchObject({ matches: false, outcome: 'invalid' });
    });

    it('tells the old address of an e-mail change, with where to report it', async () => {
      // Anna's user has no address of its own: the customer's on file is the one replaced.
      const anna = await loginSteppedUp(ctx, 'anna');
      const old = 'cus-anna@example.it';
      const workflowId = await start(anna, 'anna.nuova@example.it');
      const { code } = await codeOf(workflowId);
      // The step-up's own mails (its code, the passkey the helper added) went there before.
      const toOld = async () =>
        (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail')).orderBy(jobs.id))
          .map((j) => j.payload as { to: string; subject: string; text: string })
          .filter((m) => m.to === old);
      const before = (await toOld()).length;
      expect((await verify(anna, workflowId, code)).json().data.matches).toBe(true);
      const told = (await toOld()).slice(before);
      expect(told.map((m) => m.subject)).toEqual(['Indirizzo e-mail cambiato']);
      expect(told[0]!.text).toContain('a•••@e•••.it');
      expect(told[0]!.text).toContain('Se non sei stato tu');
      expect(told[0]!.text).toContain('/helpers/support?company=sga');
    });

    it('sends the phone code by SMS to the trimmed number and changes the mobile number', async () => {
      const anna = await loginSteppedUp(ctx, 'anna');
      const res = await call(ctx.app, 'POST', PHONE_CHECK, {
        sessionId: anna,
        body: { phone: ' 333 123 4567 ' },
      });
      expect(res.statusCode).toBe(200);
      const { workflowId } = res.json().data;
      const { job, code } = await codeOf(workflowId);
      expect(job).toMatchObject({ kind: 'sms', payload: { to: '3331234567' } });
      expect((await verify(anna, workflowId, ` ${code} `)).json().data.matches).toBe(true);
      expect((await userRow('anna')).phoneMobile).toBe('3331234567');
    });

    it('refuses an invalid e-mail or mobile number with its Italian message on the field', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const email = await call(ctx.app, 'POST', EMAIL_CHECK, { sessionId: mario, body: { email: 'mario@' } });
      expect(email.statusCode).toBe(400);
      expect(email.json().errors).toEqual([
        { code: 'invalid_email', field: 'email', message: 'Inserire email valida' },
      ]);
      const phone = await call(ctx.app, 'POST', PHONE_CHECK, { sessionId: mario, body: { phone: '061234' } });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().errors[0]).toMatchObject({ field: 'phone', message: 'Telefono non valido' });
      const code = await verify(mario, 'x', '12a4');
      expect(code.statusCode).toBe(400);
      expect(code.json().message).toBe('Il codice non è corretto');
    });

    it('answers a wrong code with the tries left, and locks after 5 wrong tries', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const workflowId = await start(mario, 'tentativi@example.it');
      const { code } = await codeOf(workflowId);
      for (let left = 4; left >= 0; left--) {
        const wrong = await verify(mario, workflowId, wrongOf(code));
        expect(wrong.statusCode).toBe(200);
        expect(wrong.json().data).toEqual({ matches: false, outcome: 'wrong', attemptsLeft: left });
      }
      // Even the right code no longer works: a new one is needed.
      const locked = await verify(mario, workflowId, code);
      expect(locked.json().data).toMatchObject({ matches: false, outcome: 'locked' });
      expect((await userRow('mario')).email).not.toBe('tentativi@example.it');
    });

    it('counts concurrent tries each: no more than 5 guesses reach the code', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const workflowId = await start(mario, 'corsa@example.it');
      const { code } = await codeOf(workflowId);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => verify(mario, workflowId, wrongOf(code))),
      );
      const outcomes = answers.map((a) => a.json().data.outcome).sort();
      expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 'locked')).toHaveLength(3);
    });

    it('refuses an expired code (10 minutes)', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const workflowId = await start(mario, 'scaduta@example.it');
      const { code } = await codeOf(workflowId);
      await ctx.db
        .update(otpWorkflows)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(otpWorkflows.id, workflowId));
      expect((await verify(mario, workflowId, code)).json().data).toMatchObject({ outcome: 'expired' });
    });

    it('a resend ends the earlier code: only the latest one works', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const first = await start(mario, 'prima@example.it');
      const second = await start(mario, 'seconda@example.it');
      expect((await verify(mario, first, (await codeOf(first)).code)).json().data.outcome).toBe('expired');
      expect((await verify(mario, second, (await codeOf(second)).code)).json().data.outcome).toBe('verified');
    });

    it('gives at most 3 codes per hour per user', async () => {
      const franco = await loginSteppedUp(ctx, 'franco');
      for (let i = 0; i < 3; i++) await start(franco, `limite${i}@example.it`);
      const fourth = await call(ctx.app, 'POST', PHONE_CHECK, {
        sessionId: franco,
        body: { phone: '3331234567' },
      });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe("Hai richiesto troppi codici: riprova tra un'ora.");
      // Another user is not affected.
      await start(await loginSteppedUp(ctx, 'mario'), 'altro@example.it');
    });

    it("never checks or applies another user's code", async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const franco = await loginSteppedUp(ctx, 'franco');
      const workflowId = await start(mario, 'di.mario@example.it');
      const { code } = await codeOf(workflowId);
      const theirs = await verify(franco, workflowId, code);
      expect(theirs.json().data).toMatchObject({ matches: false, outcome: 'invalid' });
      expect((await userRow('franco')).email).toBeNull();
      const [row] = await ctx.db.select().from(otpWorkflows).where(eq(otpWorkflows.id, workflowId));
      expect(row!.attempts).toBe(0);
      expect((await verify(mario, workflowId, code)).json().data.outcome).toBe('verified');
    });

    it('refuses no session and a guest', async () => {
      expect((await call(ctx.app, 'POST', EMAIL_CHECK, { body: { email: 'a@b.it' } })).statusCode).toBe(401);
    });
  });

  describe('customer settings', () => {
    const url = (id: string) => `portalapi/Erp/v1/customers/${id}`;

    it('saves the consents and the trimmed home phone, and reads them back', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'PUT', url('CUS-MARIO'), {
        sessionId: mario,
        body: { privacyCompany: true, privacyOthers: false, phoneHome: ' 06 1234567 ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        privacyCompany: true,
        privacyOthers: false,
        account: { phoneHome: '061234567' },
      });
      const read = await call(ctx.app, 'GET', url('CUS-MARIO'), { sessionId: mario });
      expect(read.json().data.account.phoneHome).toBe('061234567');
      const cleared = await call(ctx.app, 'PUT', url('CUS-MARIO'), {
        sessionId: mario,
        body: { phoneHome: '' },
      });
      expect(cleared.json().data.account.phoneHome).toBeNull();
    });

    it("refuses a wrong home phone, another customer's settings (403) and unknown ones (404)", async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const bad = await call(ctx.app, 'PUT', url('CUS-MARIO'), {
        sessionId: mario,
        body: { phoneHome: '12ab' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'phoneHome', message: 'Telefono non valido' });
      const body = { privacyOthers: true };
      expect((await call(ctx.app, 'PUT', url('CUS-OTHER'), { sessionId: mario, body })).statusCode).toBe(403);
      expect((await call(ctx.app, 'PUT', url('CUS-NONE'), { sessionId: mario, body })).statusCode).toBe(404);
      const [franco] = await ctx.db.select().from(customers).where(eq(customers.key, 'CUS-OTHER'));
      expect(franco!.privacyOthers).toBe(false);
    });
  });

  describe('registry change', () => {
    const latest = async (key: string) => {
      const [customer] = await ctx.db.select().from(customers).where(eq(customers.key, key));
      return ctx.db
        .select()
        .from(requests)
        .where(and(eq(requests.customerId, customer!.id), eq(requests.requestType, 'Var_Anagrafica')))
        .orderBy(desc(requests.createdDate));
    };

    it('records a Var_Anagrafica request in IR010, then refuses another while it is in progress', async () => {
      const anna = await loginSteppedUp(ctx, 'anna');
      const body = {
        customerKey: 'CUS-ANNA',
        lastName: ' Bianchi ',
        address: 'Via Roma 1',
        postalCode: '00100',
        locality: 'Roma',
        province: 'RM',
      };
      const first = await call(ctx.app, 'POST', ACCOUNT_DATA, { sessionId: anna, body });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.id).toBeGreaterThan(0);
      const [row] = await latest('CUS-ANNA');
      expect(row).toMatchObject({ status: 'Aperto', phaseCode: 'IR010' });
      expect(row!.payload).toMatchObject({ lastName: 'Bianchi', postalCode: '00100' });

      const second = await call(ctx.app, 'POST', ACCOUNT_DATA, { sessionId: anna, body });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('È già in corso una variazione dei dati anagrafici');

      // Once the back office moves it on, a new change may be asked.
      await ctx.db.update(requests).set({ phaseCode: 'IR020' }).where(eq(requests.id, row!.id));
      expect((await call(ctx.app, 'POST', ACCOUNT_DATA, { sessionId: anna, body })).statusCode).toBe(200);
    });

    it('creates one request for a double submit', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const body = { customerKey: 'CUS-MARIO', firstName: 'Mariano' };
      const answers = await Promise.all(
        [1, 2, 3].map(() => call(ctx.app, 'POST', ACCOUNT_DATA, { sessionId: mario, body })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await latest('CUS-MARIO')).toHaveLength(1);
    });

    it('refuses nothing to change, wrong tax data and a partial address, each on its field', async () => {
      const franco = await loginSteppedUp(ctx, 'franco');
      const empty = await call(ctx.app, 'POST', ACCOUNT_DATA, {
        sessionId: franco,
        body: { customerKey: 'CUS-OTHER', firstName: '  ', note: 'niente' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Indica almeno un dato da modificare');
      const wrong = await call(ctx.app, 'POST', ACCOUNT_DATA, {
        sessionId: franco,
        body: {
          customerKey: 'CUS-OTHER',
          fiscalCode: 'RSSMRA80A01H501X',
          vatNumber: '12345678901',
          postalCode: '001',
        },
      });
      expect(wrong.statusCode).toBe(400);
      const byField = Object.fromEntries(
        (wrong.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(byField).toEqual({
        fiscalCode: 'Codice fiscale non valido',
        vatNumber: 'Partita IVA non valida',
        address: "L'indirizzo è obbligatorio",
        postalCode: 'CAP non valido',
        locality: 'La città è obbligatoria',
      });
      expect(await latest('CUS-OTHER')).toHaveLength(0);
    });

    it("refuses another customer's registry (403)", async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'POST', ACCOUNT_DATA, {
        sessionId: mario,
        body: { customerKey: 'CUS-OTHER', firstName: 'Ladro' },
      });
      expect(res.statusCode).toBe(403);
      expect(await latest('CUS-OTHER')).toHaveLength(0);
    });
  });

  describe('a user with no customer yet', () => {
    const CORE = 'portalapi/Core/v1';

    it('manages his own login: himself, e-mail with a code, alerts, sessions, passkeys, his archive', async () => {
      // The calls the login's own profile pages make for a user who registered without a contract.
      const lead = await loginSteppedUp(ctx, 'lead');
      const get = (url: string) => call(ctx.app, 'GET', url, { sessionId: lead });
      const himself = await get(`${CORE}/users/USR-lead`);
      expect(himself.statusCode, himself.body).toBe(200);
      expect(himself.json().data).toMatchObject({ username: 'lead', email: 'lead@example.it' });
      for (const url of [`${CORE}/user/sessions`, `${CORE}/user/passkeys`, `${CORE}/user/archives`]) {
        expect((await get(url)).statusCode, url).toBe(200);
      }

      const workflowId = await start(lead, 'lead.nuovo@example.it');
      const { code } = await codeOf(workflowId);
      expect((await verify(lead, workflowId, code)).json().data.matches).toBe(true);
      expect((await userRow('lead')).email).toBe('lead.nuovo@example.it');

      const alerts = await call(ctx.app, 'PUT', `${CORE}/users`, {
        sessionId: lead,
        body: { receiveCommercialNotifications: false },
      });
      expect(alerts.statusCode, alerts.body).toBe(200);
      expect((await userRow('lead')).receiveCommercialNotifications).toBe(false);

      const archive = await call(ctx.app, 'POST', `${CORE}/user/archives`, { sessionId: lead, body: {} });
      expect(archive.statusCode, archive.body).toBe(200);
      expect(archive.json().data.status).toBe('preparing');
    });

    it("is refused a customer's settings and data: he reaches no customer", async () => {
      const lead = await loginSteppedUp(ctx, 'lead');
      const settings = await call(ctx.app, 'PUT', 'portalapi/Erp/v1/customers/CUS-MARIO', {
        sessionId: lead,
        body: { privacyOthers: true },
      });
      expect(settings.statusCode).toBe(403);
      const data = await call(ctx.app, 'POST', ACCOUNT_DATA, {
        sessionId: lead,
        body: { customerKey: 'CUS-MARIO' },
      });
      expect(data.statusCode).toBe(403);
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers/CUS-MARIO', { sessionId: lead })).statusCode,
      ).toBe(403);
    });
  });
});
