// The forgotten password (SPEC §5): the same answer for known and unknown accounts, single use and
// expiry of reset links, the old password refused, other sessions ended, throttling.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { links } from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';
import { RESET_REQUESTS_PER_ADDRESS } from './password-reset.js';
import { CORE, freshIp, NEW_PASSWORD, useRegistrationWorld, WFM } from '../../../test/registration-world.js';

describe.each(databaseKinds)('password reset on %s', (kind) => {
  const { ctx, post, login, mailsTo, tokenIn } = useRegistrationWorld(kind);

  describe('forgotten password', () => {
    const start = (body: unknown, ip?: string) =>
      post(`${WFM}/password-reset/start`, body, { ...(ip ? { ip } : {}) });

    it('answers queued alike for a known and an unknown account; only the known one gets a mail', async () => {
      const known = await start({ username: 'anna' });
      const unknown = await start({ username: 'nessunoqui' });
      const byCodes = await start({ customerCode: '100002', taxCode: 'vrdnna85t50h501b' });
      const wrongCodes = await start({ customerCode: '100002', taxCode: 'RSSMRA80A01H501U' });
      for (const res of [known, unknown, byCodes, wrongCodes]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(known.body);
      }
      expect(
        (await mailsTo('cus-anna@example.it')).filter((m) => m.subject === 'Recupero password'),
      ).toHaveLength(2);
    });

    it('sets the new password once, ends the other sessions, and refuses the link again', async () => {
      const before = await loginAs(ctx.app, 'franco');
      await start({ username: 'franco' });
      const [mail] = await mailsTo('cus-other@example.it');
      const token = tokenIn(mail!.text);
      const guest = await guestSession(ctx.app);
      const link = await call(ctx.app, 'GET', `${CORE}/links/${token}`, { sessionId: guest });
      expect(link.json().data.target).toEqual({ page: 'password', mode: 'reset' });

      const mismatch = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: 'Altra2026!' },
        { sessionId: guest },
      );
      expect(mismatch.json().errors).toEqual([
        {
          code: 'passwords_do_not_match',
          message: 'Le password non corrispondono',
          field: 'confirmPassword',
        },
      ]);
      const done = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { sessionId: guest },
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toEqual({ username: 'franco' });
      const old = await call(ctx.app, 'GET', `${CORE}/modules`, { sessionId: before });
      expect(old.statusCode).toBe(401);
      expect((await login('franco', NEW_PASSWORD)).statusCode).toBe(200);

      const reused = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { sessionId: guest },
      );
      expect(reused.statusCode).toBe(422);
      expect(reused.json().message).toBe('Ops! ci dispiace, qualcosa non ha funzionato');
    });

    it('refuses an expired link and another brand’s', async () => {
      await start({ username: 'anna' });
      const mails = await mailsTo('cus-anna@example.it');
      const token = tokenIn(mails.at(-1)!.text);
      const body = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const mes = await post(`${WFM}/password-reset/complete`, body, {
        sessionId: await guestSession(ctx.app, 'mes'),
      });
      expect(mes.statusCode).toBe(422);
      await ctx.db
        .update(links)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(links.entityKey, 'USR-anna'));
      const expired = await post(`${WFM}/password-reset/complete`, body);
      expect(expired.statusCode).toBe(422);
      expect(expired.json().message).toBe('Ops! ci dispiace, qualcosa non ha funzionato');
    });

    it('creates links that expire in 60 minutes, and a spent one has expired', async () => {
      const franco = () =>
        ctx.db.select().from(links).where(eq(links.entityKey, 'USR-franco')).orderBy(links.id);
      const [spent] = await franco();
      expect(spent!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
      const asked = Date.now();
      await start({ username: 'franco' });
      const fresh = (await franco()).at(-1)!;
      expect(fresh.expiresAt!.getTime() - asked).toBeGreaterThan(59 * 60_000);
      expect(fresh.expiresAt!.getTime() - asked).toBeLessThanOrEqual(61 * 60_000);
    });

    it('links the mail in its brand, and keeps one link open per user', async () => {
      await start({ username: 'anna' });
      await start({ username: 'anna' });
      const mails = (await mailsTo('cus-anna@example.it')).filter((m) => m.subject === 'Recupero password');
      const [older, newer] = mails.slice(-2).map((m) => m.text);
      expect(newer).toMatch(/http:\/\/localhost:8080\/link\/[A-Za-z0-9_-]+\?company=sga/);
      const complete = (token: string, password = NEW_PASSWORD) =>
        post(`${WFM}/password-reset/complete`, { token, password, confirmPassword: password });
      expect((await complete(tokenIn(older!))).statusCode).toBe(422);
      // The old password again is refused, and the link stays usable.
      const same = await complete(tokenIn(newer!), PASSWORD);
      expect(same.statusCode).toBe(422);
      expect(same.json().errors[0]).toMatchObject({
        field: 'password',
        message: 'La nuova password deve essere diversa da quella attuale.',
      });
      expect((await complete(tokenIn(newer!))).statusCode).toBe(200);
    });

    it('spends every other reset link when a reset completes', async () => {
      const open = () =>
        ctx.db
          .select()
          .from(links)
          .where(and(eq(links.entityKey, 'USR-mario'), eq(links.moduleId, 5)));
      await start({ username: 'mario' });
      const [mail] = (await mailsTo('cus-mario@example.it')).filter((m) => m.subject === 'Recupero password');
      // A link made some other way (or before this rule) is spent too.
      await ctx.db.insert(links).values({
        ...(await open())[0]!,
        id: undefined,
        tokenHash: 'an-older-link',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const done = await post(`${WFM}/password-reset/complete`, {
        token: tokenIn(mail!.text),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(done.statusCode, done.body).toBe(200);
      for (const link of await open()) expect(link.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('refuses an address asking too often, whatever the account', async () => {
      const ip = freshIp();
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
        expect((await start({ username: `x${i}` }, ip)).statusCode).toBe(200);
      }
      const refused = await start({ username: 'anna' }, ip);
      expect(refused.statusCode).toBe(429);
    });
  });
});
