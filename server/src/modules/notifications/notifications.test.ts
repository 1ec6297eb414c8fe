// Notifications (SPEC §3, §4) and the events that notify a customer: flags, channels from
// userOptions, the §3 push payload, jobs run outside the request and delivered once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  companyModules,
  devices,
  jobs,
  links,
  notifications,
  outbox,
  proposals,
  users,
} from '@sportello/db/schema';
import {
  LINK_MODULE_NEEDS,
  MODULE_KEYS,
  NOTIFICATION_EVENT_KINDS,
  type ModuleKey,
  type NotificationEventKind,
} from '@sportello/contract';
import { createOutbox } from '../../integrations/outbox.js';
import { createOutboxMailSender } from '../../integrations/mail/index.js';
import { createOutboxPushSender } from '../../integrations/push/index.js';
import { createSmsSender } from '../../integrations/sms/index.js';
import { createDeliveryHandlers } from '../../jobs/deliveries.js';
import { createJobQueue } from '../../jobs/queue.js';
import { createWorker } from '../../jobs/worker.js';
import type { Db } from '@sportello/db/client';
import { createServices } from '../../wiring.js';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useMessagingTestApp } from '../../../test/messaging-fixture.js';
import { EVENT_LINK_MODULE } from './service.js';

const CORE = 'portalapi/Core/v1';
const LEASE_MS = 60_000;

function outboxWorker(db: Db, overrides: { failMailTimes?: number } = {}) {
  const box = createOutbox(db);
  const queue = createJobQueue(db, { leaseMs: LEASE_MS, maxAttempts: 3 });
  const mail = createOutboxMailSender(box, 'Sportello <no-reply@sportello.test>');
  let failures = overrides.failMailTimes ?? 0;
  const handlers = createDeliveryHandlers({
    mail: {
      send: async (m, key) => {
        if (failures-- > 0) throw new Error('SMTP down');
        return mail.send(m, key);
      },
    },
    push: createOutboxPushSender(box),
    sms: createSmsSender(box),
    forgetDevice: async () => undefined,
  });
  return { queue, worker: createWorker({ queue, handlers }) };
}

describe.each(databaseKinds)('notifications on %s', (kind) => {
  const ctx = useMessagingTestApp(kind);

  it('lists with the unread count and those awaiting acceptance', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${CORE}/notifications`, { sessionId: mario });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.unread).toBeGreaterThanOrEqual(1);
    expect(data.awaitingAcceptance.map((n: { title: string }) => n.title)).toContain('Bolletta');
  });

  it('accepts a notification once; refuses to accept one that needs no acceptance', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const [plain] = await ctx.db
      .insert(notifications)
      .values({ userId: ctx.fixture.marioUser.id, title: 'Avviso', description: 'Solo lettura' })
      .returning();
    const refused = await call(ctx.app, 'PUT', `${CORE}/notifications`, {
      sessionId: mario,
      body: { id: String(plain!.id), confirmationDate: '2026-11-20T10:05:00.000Z' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Questa notifica non richiede una conferma.');

    const id = String(ctx.fixture.marioNote.id);
    const first = await call(ctx.app, 'PUT', `${CORE}/notifications`, {
      sessionId: mario,
      body: { id, confirmationDate: '2026-11-20T10:05:00.000Z' },
    });
    expect(first.json().data).toMatchObject({ confirmationDate: '2026-11-20T10:05:00.000Z' });
    const acceptedTime = first.json().data.acceptedTime;
    expect(acceptedTime).toEqual(expect.any(String));
    const second = await call(ctx.app, 'PUT', `${CORE}/notifications`, {
      sessionId: mario,
      body: { id, confirmationDate: '2026-11-21T10:05:00.000Z' },
    });
    expect(second.json().data).toMatchObject({ acceptedTime, confirmationDate: '2026-11-20T10:05:00.000Z' });
    const list = await call(ctx.app, 'GET', `${CORE}/notifications`, { sessionId: mario });
    expect(list.json().data.awaitingAcceptance).toEqual([]);
  });

  it('records the push message id and push id when opened from a push', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'PUT', `${CORE}/notifications`, {
      sessionId: mario,
      body: { id: String(ctx.fixture.marioNote.id), mn_msg_id: 'MN-1', pushId: 'push-1' },
    });
    expect(res.json().data).toMatchObject({
      mn_msg_id: 'MN-1',
      pushId: 'push-1',
      readTime: expect.any(String),
    });
  });

  it('validates updates', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const body of [
      { id: '1', readingDate: 'ieri' },
      { id: '1', readingDate: '2026-11-20T10:00:00.000Z', confirmationDate: '2026-11-20T10:00:00.000Z' },
      { readingDate: '2026-11-20T10:00:00.000Z' },
    ]) {
      const res = await call(ctx.app, 'PUT', `${CORE}/notifications`, { sessionId: mario, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('registers and removes a device of the logged-in user', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const add = await call(ctx.app, 'POST', `${CORE}/devices`, {
      sessionId: mario,
      body: { fbPushId: 'token-remove-me', platform: 'android' },
    });
    expect(add.statusCode).toBe(200);
    const again = await call(ctx.app, 'POST', `${CORE}/devices`, {
      sessionId: mario,
      body: { fbPushId: 'token-remove-me' },
    });
    expect(again.json().data.id).toBe(add.json().data.id);
    const invalid = await call(ctx.app, 'POST', `${CORE}/devices`, {
      sessionId: mario,
      body: { fbPushId: '' },
    });
    expect(invalid.statusCode).toBe(400);
    // Another user cannot remove mario's device.
    const franco = await loginAs(ctx.app, 'franco');
    const foreign = await call(ctx.app, 'DELETE', `${CORE}/devices?fbPushId=token-remove-me`, {
      sessionId: franco,
    });
    expect(foreign.json().data).toEqual({ removed: false });
    const removed = await call(ctx.app, 'DELETE', `${CORE}/devices?fbPushId=token-remove-me`, {
      sessionId: mario,
    });
    expect(removed.json().data).toEqual({ removed: true });
  });

  describe('events', () => {
    it('honour the flags and the channels chosen per kind, with the §3 push payload', async () => {
      const { marioUser, lucaUser } = ctx.fixture;
      await ctx.db
        .update(users)
        .set({
          email: 'mario@example.it',
          receiveTechNotifications: true,
          receiveCommercialNotifications: false,
          userOptions: JSON.stringify({
            biometric: true,
            notifications: { message: { email: false, push: true } },
          }),
        })
        .where(eq(users.id, marioUser.id));
      // luca, a delegate of mario's customer, wants no technical news at all.
      await ctx.db.update(users).set({ receiveTechNotifications: false }).where(eq(users.id, lucaUser.id));
      await ctx.db.insert(devices).values({ userId: marioUser.id, fbPushId: 'mario-phone' });

      // A message to the customer: the `message` event. (A proposal's confirmation is a contract
      // change and always mails the holder: proposals.test.ts.)
      await createServices(ctx.db, testConfig()).messages.send({
        customerId: ctx.fixture.mario.id,
        title: 'Comunicazione',
        body: 'Un avviso per te.',
        category: 'info',
        now: new Date(),
      });

      const raised = await ctx.db.select().from(notifications).where(eq(notifications.kind, 'message'));
      expect(raised.map((n) => n.userId)).toEqual([marioUser.id]);
      const queued = await ctx.db.select().from(jobs);
      expect(queued.map((j) => j.kind)).toEqual(['push']);
      expect(queued[0]!.payload).toMatchObject({
        token: 'mario-phone',
        data: {
          'link.hashCode': expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          'link.id': String(raised[0]!.linkId),
          'notification.id': String(raised[0]!.id),
          'customer.id': String(ctx.fixture.mario.id),
          mn_message_id: raised[0]!.mnMsgId,
        },
      });

      // The push link opens the new message, for a guest too.
      const token = (queued[0]!.payload as { data: Record<string, string> }).data['link.hashCode']!;
      const guest = await call(ctx.app, 'POST', `${CORE}/sessions`, { body: { company: 'sga' } });
      const link = await call(ctx.app, 'GET', `${CORE}/links/${token}`, { sessionId: guest.json().data.id });
      expect(link.json().data).toMatchObject({ module: { id: 4 }, target: { page: 'message' } });

      // The worker delivers the push to the outbox with the same payload.
      const { worker } = outboxWorker(ctx.db);
      expect(await worker.runOnce()).toBe(1);
      const sent = await ctx.db.select().from(outbox).where(eq(outbox.channel, 'push'));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data).toEqual((queued[0]!.payload as { data: unknown }).data);
    });

    it('leave out a kind the user turned off: commercial proposals only with the commercial flag', async () => {
      const services = createServices(ctx.db, testConfig());
      // A proposal as the ERP loads it (ADR 040 item 12): stored, then announced.
      const propose = async () => {
        const now = new Date();
        const saved = await ctx.db.transaction((tx) =>
          services.proposals.saveFromErp(
            tx,
            {
              customerId: ctx.fixture.mario.id,
              contractId: null,
              title: 'Nuova offerta',
              description: 'Prezzo bloccato',
              startDate: null,
              endDate: null,
              energyPriceMicro: null,
              priceUnit: null,
              fixedFeeCents: null,
              effectiveDate: null,
            },
            null,
            now,
          ),
        );
        if (!('id' in saved)) throw new Error(`proposal refused: ${saved.refused}`);
        await services.proposals.announce(saved.id, now);
        const [row] = await ctx.db.select().from(proposals).where(eq(proposals.id, saved.id));
        return row!;
      };
      const proposalNotes = () =>
        ctx.db.select().from(notifications).where(eq(notifications.kind, 'proposal'));
      await propose();
      expect(await proposalNotes()).toHaveLength(0);

      await ctx.db
        .update(users)
        .set({ receiveCommercialNotifications: true, email: 'mario@example.it', userOptions: 'not json' })
        .where(eq(users.id, ctx.fixture.marioUser.id));
      const created = await propose();
      const [note] = await proposalNotes();
      expect(note).toMatchObject({ userId: ctx.fixture.marioUser.id, title: 'Nuova offerta' });
      // Unreadable userOptions mean the defaults: e-mail and push.
      const queued = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `mail:notification:${note!.id}`));
      expect(queued[0]!.payload).toMatchObject({ to: 'mario@example.it', subject: 'Nuova offerta' });
      expect((queued[0]!.payload as { text: string }).text).toMatch(
        /http:\/\/localhost:8080\/link\/[A-Za-z0-9_-]{22}\?company=sga\n/,
      );
      const token = (queued[0]!.payload as { text: string }).text.match(/link\/([A-Za-z0-9_-]{22})/)![1];
      const guest = await call(ctx.app, 'POST', `${CORE}/sessions`, { body: { company: 'sga' } });
      const link = await call(ctx.app, 'GET', `${CORE}/links/${token}`, { sessionId: guest.json().data.id });
      expect(link.json().data.target).toEqual({ page: 'proposal', proposalKey: created.key });
      // The mail, and the push to the phone mario registered earlier.
      expect(await outboxWorker(ctx.db).worker.runOnce()).toBe(2);
    });

    it('deliver the notice of a unilateral change whatever the flags, its e-mail left to the notice (ADR 058)', async () => {
      const { marioUser, lucaUser } = ctx.fixture;
      // Mario refuses marketing and technical news and turned e-mail off for every kind.
      await ctx.db
        .update(users)
        .set({
          email: 'mario.variazione@example.it',
          receiveTechNotifications: false,
          receiveCommercialNotifications: false,
          userOptions: JSON.stringify({
            notifications: {
              message: { email: false, push: false },
              priceChange: { email: false, push: false },
            },
          }),
        })
        .where(eq(users.id, marioUser.id));
      await ctx.db.update(users).set({ receiveTechNotifications: false }).where(eq(users.id, lucaUser.id));
      const services = createServices(ctx.db, testConfig());
      const notice = {
        customerId: ctx.fixture.mario.id,
        title: 'Variazione delle condizioni economiche',
        body: 'Dal 1° marzo 2027 il prezzo dell’energia cambia.',
        category: 'Contratto',
        now: new Date(),
      };
      const notesTitled = (title: string) =>
        ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, marioUser.id), eq(notifications.title, title)));

      // The same words as a plain message stay silent: the technical flag is off.
      await services.messages.send({ ...notice, title: 'Comunicazione qualsiasi' });
      expect(await notesTitled('Comunicazione qualsiasi')).toHaveLength(0);

      await services.messages.send({ ...notice, kind: 'priceChange' });
      const [note] = await notesTitled(notice.title);
      expect(note).toMatchObject({ kind: 'priceChange', customerId: ctx.fixture.mario.id });
      // No notification mail: the notice itself goes by its own e-mail to the holder's contact address
      // (price-changes), not as one more notification to each user.
      expect(
        await ctx.db
          .select()
          .from(jobs)
          .where(eq(jobs.idempotencyKey, `mail:notification:${note!.id}`)),
      ).toEqual([]);
      // Luca, a delegate with technical news off, gets it too: it is owed to whoever acts for the customer.
      expect(
        await ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, lucaUser.id), eq(notifications.kind, 'priceChange'))),
      ).toHaveLength(1);
    });

    it('send a job once although it ran again after a crash between sending and marking it done', async () => {
      const { queue, worker } = outboxWorker(ctx.db);
      await queue.enqueue('mail', { to: 'a@example.it', subject: 'Bolletta', text: 'Nuova' }, 'crash-1');
      const realComplete = queue.complete;
      queue.complete = async () => {
        throw new Error('process killed before marking the job done');
      };
      await expect(worker.runOnce()).rejects.toThrow('process killed');
      queue.complete = realComplete;
      // Still leased: nobody takes it before the lease runs out. (Counted on this job alone: other
      // tests of this file leave their own jobs in the queue.)
      const crashed = async () =>
        (await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'crash-1')))[0];
      await worker.runOnce();
      expect(await crashed()).toMatchObject({ status: 'pending', attempts: 1 });
      await worker.runOnce(new Date(Date.now() + LEASE_MS + 1000));
      const job = await crashed();
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
      const sent = await ctx.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'crash-1'));
      expect(sent).toHaveLength(1);
      expect(job!.result).toEqual({ messageId: `outbox-${sent[0]!.id}` });
    });

    it('retry with backoff while the provider is down, and give up after the last attempt', async () => {
      const { queue, worker } = outboxWorker(ctx.db, { failMailTimes: 1 });
      await queue.enqueue('mail', { to: 'b@example.it', subject: 'Pagamento', text: 'Ricevuto' }, 'down-1');
      await worker.runOnce();
      const [failed] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'down-1'));
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' });
      expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now() + 25_000);
      expect(await worker.runOnce()).toBe(0);
      await worker.runOnce(new Date(Date.now() + 31_000));
      const [done] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'down-1'));
      expect(done).toMatchObject({ status: 'done', attempts: 2 });

      const broken = outboxWorker(ctx.db, { failMailTimes: 99 });
      await broken.queue.enqueue('mail', { to: 'c@example.it', subject: 'x', text: 'y' }, 'down-2');
      for (let hour = 0; hour < 4; hour++)
        await broken.worker.runOnce(new Date(Date.now() + hour * 3_700_000));
      const [gaveUp] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'down-2'));
      expect(gaveUp).toMatchObject({ status: 'failed', attempts: 3 });
    });

    it('enqueue a job once per idempotency key, and two claims never share a job', async () => {
      const { queue } = outboxWorker(ctx.db);
      const later = new Date(Date.now() + 10 * 86_400_000);
      expect(await queue.enqueue('sms', { to: '3331234567', text: '1234' }, 'sms-1', later)).toBe(true);
      expect(await queue.enqueue('sms', { to: '3331234567', text: '1234' }, 'sms-1', later)).toBe(false);
      for (let i = 0; i < 6; i++)
        await queue.enqueue('sms', { to: '3331234567', text: `${i}` }, `sms-b-${i}`, later);
      const at = new Date(later.getTime() + 1000);
      const [a, b] = await Promise.all([queue.claim(at, 4), queue.claim(at, 4)]);
      const ids = [...a!, ...b!].map((j) => j.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(7);
      const rows = await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'sms')));
      expect(rows).toHaveLength(7);
    });
  });

  it('never sends a notice whose link opens a page the brand does not have, for every kind and brand', async () => {
    const services = createServices(ctx.db, testConfig());
    const { COMPANIES } = await import('@sportello/demo');
    const marioUser = ctx.fixture.marioUser;
    // Mario wants every kind of news by every channel, so only the brand's modules can hold one back.
    await ctx.db
      .update(users)
      .set({
        email: 'mario.avvisi@example.it',
        receiveCommercialNotifications: true,
        receiveTechNotifications: true,
        userOptions: '{}',
      })
      .where(eq(users.id, marioUser.id));
    const kinds = Object.keys(NOTIFICATION_EVENT_KINDS) as NotificationEventKind[];
    const brandModules = async (enabled: readonly ModuleKey[]) => {
      await ctx.db.delete(companyModules).where(eq(companyModules.companyCode, 'sga'));
      await ctx.db
        .insert(companyModules)
        .values(
          MODULE_KEYS.map((key) => ({ companyCode: 'sga', moduleKey: key, enabled: enabled.includes(key) })),
        );
    };
    try {
      for (const brand of COMPANIES) {
        const enabled = MODULE_KEYS.filter((key) => !brand.disabled.includes(key));
        await brandModules(enabled);
        for (const kind of kinds) {
          const title = `Avviso ${kind} per ${brand.code}`;
          await services.notifications.notify({
            kind,
            customerId: ctx.fixture.mario.id,
            entityKey: 'SUP-1',
            title,
            body: 'Testo',
            now: new Date(),
          });
          const [sent] = await ctx.db
            .select({ linkModule: links.moduleId })
            .from(notifications)
            .innerJoin(links, eq(links.id, notifications.linkId))
            .where(and(eq(notifications.userId, marioUser.id), eq(notifications.title, title)));
          const needed = LINK_MODULE_NEEDS[EVENT_LINK_MODULE[kind]];
          const brandHasPage = needed === undefined || enabled.includes(needed);
          // A brand with the page gets the notice; one without it gets none, by any channel.
          expect(sent?.linkModule, `${kind} on ${brand.code}`).toBe(
            brandHasPage ? EVENT_LINK_MODULE[kind] : undefined,
          );
          // A regulatory notice's mail is the notice itself, sent apart by its module (ADR 058).
          const mails = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
          expect(
            mails.some((job) => (job.payload as { subject?: string }).subject === title),
            `${kind} mailed on ${brand.code}`,
          ).toBe(brandHasPage && NOTIFICATION_EVENT_KINDS[kind] !== 'regulatory');
        }
      }
      // ast, without self-reading, is among the brands walked.
      expect(COMPANIES.some((brand) => brand.disabled.includes('AutoLettura'))).toBe(true);
    } finally {
      await brandModules(['fatt', 'ser', 'AutoLettura']);
    }
  });
});
