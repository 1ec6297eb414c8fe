// Webhook delivery to the supplier's systems (ADR 048), on both databases: only to addresses outside
// ours (every form of an inside address, when the webhook is added and again at delivery, refused
// before any connection), no redirect followed, nothing once the client is disabled or the webhook
// paused or removed, a masked IBAN unless the client collects direct debits, a lane of its own so a
// receiver that never answers holds no mail, and one delivery of a webhook at a time.
//
// Every connection a test lets happen goes to a server of its own on 127.0.0.1; the inside addresses
// are refused before connecting (the tests also count the connections their listeners see).
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationWebhooks, jobs, outbox } from '@sportello/db/schema';
import { call, guestSession, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { recordEvent, WEBHOOK_JOB } from '../../platform/events/outbox.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { createServices } from '../../wiring.js';
import { modules } from '../index.js';
import { moduleJobHandlers } from '../module.js';
import { createClients } from './clients.js';
import { createIntegrationRepository } from './repository.js';
import { resolveWebhookTarget, WebhookAddressError } from './webhook-address.js';
import { createWebhooks, EVENT_ID_HEADER, SIGNATURE_HEADER } from './webhooks.js';

/** Every way of writing an address inside that a URL can carry (the port is filled in per test). */
const INSIDE_HOSTS = [
  '127.0.0.1',
  '127.1',
  '0x7f000001',
  '2130706433',
  '017700000001',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '0.0.0.0',
  '10.0.0.1',
  '10.255.255.254',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '[fd00::1]',
  '[fd00:ec2::254]',
  '[fe80::1]',
  '100.100.100.200',
  'localhost',
  'loopback.example.test',
  'metadata.example.test',
] as const;

/** The test's own names: what a DNS answer under an attacker's control could say. */
const NAMES: Record<string, { address: string; family: number }[]> = {
  'loopback.example.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
};
const lookup = async (host: string) => {
  // localhost through the system's resolver: a real name that resolves to loopback.
  if (host === 'localhost') return dnsLookup(host, { all: true });
  const found = NAMES[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

const WHOLE_IBAN = 'IT60X0542811101000000123456';

/** A listener on 127.0.0.1 that counts connections and never answers. */
async function silentListener() {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Received {
  eventId: string;
  signature: string;
  body: Record<string, unknown>;
}

/** A receiver on 127.0.0.1: answers with `answer` (default 204), keeps what it got. */
async function receiver(answer?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>) {
  const received: Received[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const server = createServer((req, res) => {
    let body = '';
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', async () => {
      received.push({
        eventId: String(req.headers[EVENT_ID_HEADER]),
        signature: String(req.headers[SIGNATURE_HEADER]),
        body: JSON.parse(body) as Record<string, unknown>,
      });
      if (answer) await answer(req, res);
      else res.writeHead(204).end();
      inFlight -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    mostInFlight: () => mostInFlight,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(databaseKinds)('webhook delivery on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const strict = { allowLoopback: false, lookup };
  const local = { allowLoopback: true, lookup };

  const newClient = (scopes: ('events:read' | 'billing:write')[] = ['events:read']) =>
    createClients({
      repository: createIntegrationRepository(ctx.db),
      keys: createTokenKeys(ctx.db),
      brandExists: async () => true,
    }).create({ name: 'erp', scopes, brands: ['sga'] });

  let opened = 0;
  /** A customer action of the brand: a request opened, its form carrying an IBAN. */
  const happen = async () => {
    opened += 1;
    await recordEvent(ctx.db, {
      companyCode: 'sga',
      customerId: ctx.fixture.mario.id,
      kind: 'request.opened',
      entityKey: `REQ-HOOK-${opened}`,
      payload: {
        requestKey: `REQ-HOOK-${opened}`,
        requestType: 'ZB',
        status: 'Aperto',
        description: null,
        contractId: null,
        details: { iban: WHOLE_IBAN, holderName: 'Mario Rossi' },
      },
    });
    return `REQ-HOOK-${opened}`;
  };

  /** A fresh start: no webhooks, no jobs (each test adds its own). */
  const clean = async () => {
    await ctx.db.delete(integrationWebhooks);
    await ctx.db.delete(jobs);
  };

  const runtime = (env: Record<string, string> = {}) => {
    const config = testConfig(env);
    const services = createServices(ctx.db, config);
    return createJobsRuntime(ctx.db, config, {
      handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
      forgetDevice: async () => undefined,
    });
  };

  /** Runs the webhook lane until nothing is due, an hour later each round (backoffs included). */
  const drain = async (jobsRuntime: ReturnType<typeof runtime>, rounds = 6) => {
    for (let hour = 0; hour < rounds; hour++)
      await jobsRuntime.webhooks.runOnce(new Date(Date.now() + hour * 3_600_000));
  };

  const webhookJobs = () =>
    ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, WEBHOOK_JOB))
      .orderBy(jobs.id)
      .then((rows) => rows);

  it('refuses every form of an address inside when a webhook is added, and http outside development', async () => {
    const made = await newClient();
    const webhooks = createWebhooks(ctx.db, strict);
    for (const host of INSIDE_HOSTS) {
      await expect(webhooks.add(made.id, 'sga', `https://${host}/hook`), host).rejects.toThrow(
        /address inside/,
      );
    }
    await expect(webhooks.add(made.id, 'sga', 'http://erp.example.test/hook')).rejects.toThrow(
      /https \(http only in development\)/,
    );
    await expect(webhooks.add(made.id, 'sga', 'https://nowhere.example.test/hook')).rejects.toThrow(
      /does not resolve/,
    );
    // The loopback allowance of development opens this machine's loopback only, never the rest.
    const allowed = createWebhooks(ctx.db, local);
    for (const host of INSIDE_HOSTS.filter(
      (h) =>
        ![
          '127.0.0.1',
          '127.1',
          '0x7f000001',
          '2130706433',
          '017700000001',
          '[::1]',
          '[::ffff:127.0.0.1]',
          'localhost',
          'loopback.example.test',
        ].includes(h),
    ))
      await expect(allowed.add(made.id, 'sga', `http://${host}/hook`), host).rejects.toThrow(
        WebhookAddressError,
      );
    expect(await ctx.db.select().from(integrationWebhooks)).toEqual([]);
    // An address outside is taken (resolved only: nothing connects).
    expect((await resolveWebhookTarget('https://93.184.215.14/hook', strict)).address).toBe('93.184.215.14');
  });

  it('refuses them again at delivery, before connecting: a webhook whose name now resolves inside gets nothing', async () => {
    await clean();
    const made = await newClient();
    const listener = await silentListener();
    try {
      // Rows past the check of `add` (an older version, a name that resolved outside then).
      await ctx.db.insert(integrationWebhooks).values(
        INSIDE_HOSTS.map((host) => ({
          clientId: made.id,
          companyCode: 'sga',
          url: `https://${host}:${listener.port}/hook`,
          secret: 'whs_test',
          position: 0,
        })),
      );
      await happen();
      const webhooks = createWebhooks(ctx.db, strict);
      const hooks = await ctx.db.select().from(integrationWebhooks);
      for (const hook of hooks)
        await expect(webhooks.deliver({ brand: 'sga', webhookId: hook.id }), hook.url).rejects.toThrow(
          /address inside/,
        );
      expect(listener.connections()).toBe(0);
      // The positions stayed: nothing counts as delivered.
      expect((await ctx.db.select().from(integrationWebhooks)).every((h) => h.position === 0)).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('follows no redirect: a 3xx is a failed attempt, and the place it points to hears nothing', async () => {
    await clean();
    const elsewhere = await receiver();
    const redirecting = await receiver((_req, res) => {
      res.writeHead(307, { location: elsewhere.url }).end();
    });
    try {
      const made = await newClient();
      const webhooks = createWebhooks(ctx.db, local);
      const hook = await webhooks.add(made.id, 'sga', redirecting.url);
      await happen();
      await expect(webhooks.deliver({ brand: 'sga', webhookId: hook.id })).rejects.toThrow(/answered 307/);
      expect(redirecting.received).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('delivers nothing to a disabled client’s webhook, and queues nothing for it', async () => {
    await clean();
    const sink = await receiver();
    try {
      const made = await newClient();
      const webhooks = createWebhooks(ctx.db, local);
      await webhooks.add(made.id, 'sga', sink.url);
      await happen(); // queued while the client was active
      const repository = createIntegrationRepository(ctx.db);
      await repository.disable(made.id, new Date());
      await happen(); // after: nothing queued
      expect(await webhookJobs()).toHaveLength(1);
      const jobsRuntime = runtime();
      await drain(jobsRuntime);
      await jobsRuntime.close();
      expect(sink.received).toEqual([]);
      expect((await webhookJobs()).map((j) => [j.status, j.result])).toEqual([
        ['done', { delivered: 0, skipped: 'client disabled' }],
      ]);
      expect((await webhooks.list()).map((h) => h.state)).toEqual(['client disabled']);
    } finally {
      await sink.close();
    }
  });

  it('pauses, resumes from where it paused, and removes a webhook', async () => {
    await clean();
    const sink = await receiver();
    try {
      const made = await newClient();
      const webhooks = createWebhooks(ctx.db, local);
      const hook = await webhooks.add(made.id, 'sga', sink.url);
      const jobsRuntime = runtime();
      expect(await webhooks.pause(hook.id, new Date())).toBe(true);
      const waited = [await happen(), await happen()];
      await drain(jobsRuntime);
      expect(sink.received).toEqual([]);
      expect(await webhooks.resume(hook.id, new Date())).toBe(true);
      await drain(jobsRuntime);
      expect(sink.received.map((r) => r.body.entityKey)).toEqual(waited);
      expect(await webhooks.remove(hook.id)).toBe(true);
      await happen();
      await drain(jobsRuntime);
      expect(sink.received).toHaveLength(2);
      expect(await webhooks.list()).toEqual([]);
      expect(await webhooks.remove(hook.id)).toBe(false);
      await jobsRuntime.close();
    } finally {
      await sink.close();
    }
  });

  it('masks the IBAN in events, in the webhook and the feed, unless the client collects direct debits', async () => {
    await clean();
    const reader = await receiver();
    const billing = await receiver();
    try {
      const webhooks = createWebhooks(ctx.db, local);
      const readerClient = await newClient(['events:read']);
      const billingClient = await newClient(['events:read', 'billing:write']);
      await webhooks.add(readerClient.id, 'sga', reader.url);
      await webhooks.add(billingClient.id, 'sga', billing.url);
      const key = await happen();
      const jobsRuntime = runtime();
      await drain(jobsRuntime);
      await jobsRuntime.close();
      const details = (r: Received[]) =>
        (r.find((e) => e.body.entityKey === key)!.body.payload as { details: Record<string, string> })
          .details;
      expect(details(reader.received)).toEqual({ iban: 'IT•• •••• … 3456', holderName: 'Mario Rossi' });
      expect(details(billing.received)).toEqual({ iban: WHOLE_IBAN, holderName: 'Mario Rossi' });
      // The feed reads as the token's scopes say.
      const feedDetails = async (scopes: ('events:read' | 'billing:write')[]) => {
        const token = await createTokenKeys(ctx.db).sign(
          { clientId: readerClient.id, scopes, brands: ['sga'] },
          600,
          new Date(),
        );
        const res = await ctx.app.inject({
          url: '/services/rest/integration/v1/brands/sga/events?limit=500',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        const events = res.json().data.events as { entityKey: string; payload: { details: unknown } }[];
        return events.find((e) => e.entityKey === key)!.payload.details;
      };
      expect(await feedDetails(['events:read'])).toEqual({
        iban: 'IT•• •••• … 3456',
        holderName: 'Mario Rossi',
      });
      expect(await feedDetails(['events:read', 'billing:write'])).toEqual({
        iban: WHOLE_IBAN,
        holderName: 'Mario Rossi',
      });
    } finally {
      await reader.close();
      await billing.close();
    }
  });

  it('never lets two deliveries of one webhook run at once: a dead process’s lease is waited out, then each event goes once with its id', async () => {
    await clean();
    const sink = await receiver(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.writeHead(204).end();
    });
    try {
      const made = await newClient();
      const webhooks = createWebhooks(ctx.db, local);
      const hook = await webhooks.add(made.id, 'sga', sink.url);
      // A process died while delivering: its lease holds the webhook for a while.
      await ctx.db
        .update(integrationWebhooks)
        .set({ leasedBy: 'dead-process', leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(integrationWebhooks.id, hook.id));
      const keys = [await happen(), await happen(), await happen()];
      const first = runtime();
      const second = runtime();
      await Promise.all([first.webhooks.runOnce(), second.webhooks.runOnce()]);
      expect(sink.received).toEqual([]);
      // Every job waits, none spent an attempt.
      expect((await webhookJobs()).map((j) => [j.status, j.attempts])).toEqual(
        keys.map(() => ['pending', 0]),
      );
      // The lease runs out; both runners try again together: each event once, one at a time.
      await ctx.db
        .update(integrationWebhooks)
        .set({ leaseUntil: new Date(Date.now() - 1) })
        .where(eq(integrationWebhooks.id, hook.id));
      for (let round = 1; round < 5; round++) {
        const at = new Date(Date.now() + round * 60_000);
        await Promise.all([first.webhooks.runOnce(at), second.webhooks.runOnce(at)]);
      }
      expect(sink.received.map((r) => r.body.entityKey)).toEqual(keys);
      expect(sink.received.map((r) => r.eventId)).toEqual(sink.received.map((r) => r.body.cursor));
      expect(sink.mostInFlight()).toBe(1);
      await first.close();
      await second.close();
    } finally {
      await sink.close();
    }
  });

  it('pings the calling client’s own webhooks of the brand, signed, and no one else’s', async () => {
    await clean();
    const mine = await receiver();
    const theirs = await receiver();
    try {
      const webhooks = createWebhooks(ctx.db, local);
      const me = await newClient();
      const other = await newClient();
      const hook = await webhooks.add(me.id, 'sga', mine.url);
      await webhooks.add(other.id, 'sga', theirs.url);
      // A row past the check of `add`: the ping refuses it before connecting, as a delivery does.
      await ctx.db.insert(integrationWebhooks).values({
        clientId: me.id,
        companyCode: 'sga',
        url: 'https://169.254.169.254/latest/meta-data/',
        secret: 'whs_test',
      });
      const token = async (brands: string[]) =>
        createTokenKeys(ctx.db).sign({ clientId: me.id, scopes: ['events:read'], brands }, 600, new Date());
      const ping = async (brand: string, bearer: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/services/rest/integration/v1/brands/${brand}/webhooks/ping`,
          headers: { authorization: `Bearer ${bearer}` },
          payload: { request: {} },
        });
      const before = (await ctx.db.select().from(integrationWebhooks))[0]!.position;
      await ctx.db.update(integrationWebhooks).set({ position: before });
      const res = await ping('sga', await token(['sga']));
      expect(res.statusCode, res.body).toBe(200);
      const pings = res.json().data.pings as {
        webhookId: number;
        status: number | null;
        error: { code: string; message: string } | null;
        eventId: string;
      }[];
      expect(pings.map((p) => [p.webhookId === hook.id, p.status])).toEqual([
        [true, 204],
        [false, null],
      ]);
      expect(pings[1]!.error).toEqual({
        code: 'webhook_address_inside',
        message:
          "L'host del webhook è un indirizzo interno (loopback, privato, link-local o riservato): non viene contattato.",
      });
      expect(theirs.received).toEqual([]);
      const [got] = mine.received;
      expect(got!.body).toMatchObject({ kind: 'ping', webhookId: hook.id });
      expect(got!.eventId).toBe(pings[0]!.eventId);
      const t = /t=(\d+)/.exec(got!.signature)![1]!;
      expect(got!.signature).toBe(
        `t=${t},v1=${createHmac('sha256', hook.secret)
          .update(`${t}.${JSON.stringify(got!.body)}`)
          .digest('hex')}`,
      );
      // Another brand's webhooks are not the token's to ping.
      expect((await ping('mes', await token(['sga']))).statusCode).toBe(403);
      // No position moved: a ping is no event.
      const positions = await ctx.db
        .select({ position: integrationWebhooks.position })
        .from(integrationWebhooks);
      expect(positions.every((p) => p.position === before)).toBe(true);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('two job runners polling side by side deliver each event once, one at a time, with its id', async () => {
    await clean();
    const sink = await receiver(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.writeHead(204).end();
    });
    const first = runtime();
    const second = runtime();
    try {
      const made = await newClient();
      await createWebhooks(ctx.db, local).add(made.id, 'sga', sink.url);
      first.start(10);
      second.start(10);
      // Events trickle in while both deliver: each one's job may be claimed by either runner.
      const keys: string[] = [];
      for (let i = 0; i < 20; i++) {
        keys.push(await happen());
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      const since = Date.now();
      while (sink.received.length < keys.length && Date.now() - since < 20_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300)); // a late repeat would land by now
      expect(sink.received.map((r) => r.body.entityKey)).toEqual(keys);
      expect(new Set(sink.received.map((r) => r.eventId)).size).toBe(keys.length);
      expect(sink.mostInFlight()).toBe(1);
    } finally {
      await first.close();
      await second.close();
      await sink.close();
    }
  });

  it('sends a reset mail at once while a webhook receiver never answers', async () => {
    await clean();
    const listener = await silentListener();
    const jobsRuntime = runtime();
    try {
      const made = await newClient();
      await createWebhooks(ctx.db, local).add(made.id, 'sga', `http://127.0.0.1:${listener.port}/hook`);
      for (let i = 0; i < 3; i++) await happen();
      jobsRuntime.start(50);
      // The deliveries are under way, waiting on the receiver.
      while (listener.connections() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const asked = Date.now();
      const start = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/start', {
        sessionId: await guestSession(ctx.app),
        body: { username: 'anna' },
        ip: '10.98.0.1',
      });
      expect(start.statusCode, start.body).toBe(200);
      let delay = -1;
      while (Date.now() - asked < 40_000) {
        const [mail] = await ctx.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.recipient, 'cus-anna@example.it'), eq(outbox.subject, 'Recupero password')));
        if (mail) {
          delay = Date.now() - asked;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      console.log(`reset mail with a webhook receiver that never answers: ${delay} ms`);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(3_000);
    } finally {
      // The receiver's connections end: the deliveries in hand fail at once and the lanes stop.
      await listener.close();
      await jobsRuntime.close();
    }
  }, 60_000);
});
