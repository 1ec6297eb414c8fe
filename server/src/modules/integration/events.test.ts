// The outbox and its pull feed (ADR 036), on both databases: a customer's action and
// its event are written in one transaction (a request opened, a self-reading sent), the feed gives a
// brand's events after a cursor, oldest first, and an event committed late is never skipped.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { erpComplaints, erpMetering, erpProposals, erpSupplies, profile } from '@sportello/contract';
import { integrationEvents, integrationWebhooks, jobs, requests } from '@sportello/db/schema';
import { loginAs, testConfig } from '../../../test/app.js';
import { identifiers, send, validInput } from '../../../test/access-world.js';
import { databaseKinds } from '../../../test/databases.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { recordEvent } from '../../platform/events/outbox.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { createServices } from '../../wiring.js';
import { modules } from '../index.js';
import { moduleJobHandlers } from '../module.js';
import { createRequestsRepository } from '../requests/repository.js';
import { createClients } from './clients.js';
import { createIntegrationRepository } from './repository.js';
import { createWebhooks, SIGNATURE_HEADER } from './webhooks.js';

const FEED = '/services/rest/integration/v1/brands/sga/events';
/** A `request.opened` payload as the contract describes it. */
const requestPayload = (requestKey: string) => ({
  requestKey,
  requestType: 'ZS',
  status: 'Aperto',
  description: null,
  contractId: null,
  details: null,
});

describe.each(databaseKinds)('customer actions feed on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  const feed = async (after?: string | null) => {
    const token = await createTokenKeys(ctx.db).sign(
      { clientId: 'cli_eventstest000000000', scopes: ['events:read'], brands: ['sga'] },
      600,
      new Date(),
    );
    const res = await ctx.app.inject({
      url: after ? `${FEED}?after=${after}` : FEED,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      events: {
        cursor: string;
        kind: string;
        entityKey: string;
        customer: { key: string };
        payload: Record<string, unknown>;
      }[];
      next: string | null;
      more: boolean;
    };
  };
  const counts = async () => ({
    requests: (await ctx.db.select({ n: count() }).from(requests))[0]!.n,
    events: (await ctx.db.select({ n: count() }).from(integrationEvents))[0]!.n,
  });

  it('gives a request opened and a self-reading sent, each with its action, then nothing after the cursor', async () => {
    // A new paper address is a step-up call (ADR 047).
    const mario = await loginSteppedUp(ctx, 'mario');
    const ids = identifiers(ctx, { owner: mario, delegate: mario, other: mario, guest: mario });
    const start = await feed();
    const opened = await send(
      ctx.app,
      erpSupplies.requestShippingAddress,
      validInput(erpSupplies.requestShippingAddress, 'owner', ids),
      mario,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const reading = await send(
      ctx.app,
      erpMetering.insertReadings,
      validInput(erpMetering.insertReadings, 'owner', ids),
      mario,
    );
    expect(reading.statusCode, reading.body).toBe(200);

    const page = await feed(start.next);
    expect(page.events.map((e) => e.kind)).toEqual(['request.opened', 'selfReading.sent']);
    const [request, selfReading] = page.events;
    expect(request!.customer.key).toBe(ctx.fixture.mario.key);
    expect(request!.payload).toMatchObject({ requestType: expect.any(String), status: expect.any(String) });
    expect(selfReading!.payload).toMatchObject({ supplyExtKey: 'EXT-SUP-1', values: expect.any(Object) });
    expect(Number(selfReading!.cursor)).toBeGreaterThan(Number(request!.cursor));
    expect(page.next).toBe(selfReading!.cursor);
    expect((await feed(page.next)).events).toEqual([]);
  });

  it('gives a complaint filed, a proposal answered and consents changed, each with its action', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const ids = identifiers(ctx, { owner: mario, delegate: mario, other: mario, guest: mario });
    const start = await feed();
    for (const action of [erpComplaints.fileComplaint, erpProposals.answerProposal]) {
      const done = await send(ctx.app, action, validInput(action, 'owner', ids), mario);
      expect(done.statusCode, `${action.name}: ${done.body}`).toBe(200);
    }
    // A change that changes something: the contract's valid input changes nothing, and tells nobody.
    const settings = validInput(profile.updateCustomerSettings, 'owner', ids);
    const consented = await send(
      ctx.app,
      profile.updateCustomerSettings,
      { ...settings, body: { privacyOthers: true } },
      mario,
    );
    expect(consented.statusCode, consented.body).toBe(200);
    const page = await feed(start.next);
    expect(page.events.map((e) => e.kind)).toEqual([
      'complaint.filed',
      'proposal.answered',
      'consent.changed',
    ]);
    const [complaint, proposal, consent] = page.events;
    expect(complaint!.customer.key).toBe(ctx.fixture.mario.key);
    expect(complaint!.entityKey).toMatch(/^RCL-\d{4}-/);
    expect(complaint!.payload).toMatchObject({ complaintKey: complaint!.entityKey, channel: 'user' });
    expect(proposal!.payload).toMatchObject({ action: expect.stringMatching(/^(accepted|rejected)$/) });
    expect(consent!.payload).toEqual({ privacyCompany: null, privacyOthers: true, phoneHome: null });
  });

  it('keeps neither the request nor its event when the action rolls back', async () => {
    const before = await counts();
    const repository = createRequestsRepository(ctx.db);
    await expect(
      ctx.db.transaction(async (tx) => {
        await repository.insert(tx, {
          companyCode: 'sga',
          customerId: ctx.fixture.mario.id,
          contractId: null,
          requestType: 'ZS',
          status: 'Aperto',
          description: 'rolled back',
          payload: null,
        });
        throw new Error('the action fails after its request was written');
      }),
    ).rejects.toThrow(/fails/);
    expect(await counts()).toEqual(before);
  });

  it("refuses to record a payload that is not its kind's schema in the contract: the action fails with it", async () => {
    const before = await counts();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordEvent(tx, {
          companyCode: 'sga',
          customerId: ctx.fixture.mario.id,
          kind: 'request.opened',
          entityKey: 'REQ-BAD',
          payload: { requestKey: 'REQ-BAD' } as never,
        });
      }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('gives an event committed after a reader passed its id a position after that reader’s cursor', async () => {
    const seen = await feed();
    const cursor = seen.events.length > 0 ? seen.events.at(-1)!.cursor : null;
    // A transaction that took its id (0, below every other) before the reader but committed after it.
    await ctx.db.insert(integrationEvents).values({
      id: 0,
      companyCode: 'sga',
      customerId: ctx.fixture.mario.id,
      kind: 'request.opened',
      entityKey: 'REQ-LATE',
      payload: requestPayload('REQ-LATE'),
    });
    await recordEvent(ctx.db, {
      companyCode: 'mes',
      customerId: ctx.fixture.mario.id,
      kind: 'request.opened',
      entityKey: 'REQ-OTHER-BRAND',
      payload: requestPayload('REQ-OTHER-BRAND'),
    });
    const after = await feed(cursor);
    expect(after.events.map((e) => e.entityKey)).toEqual(['REQ-LATE']);
    const [late] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(eq(integrationEvents.entityKey, 'REQ-LATE'));
    expect(late!.position).toBeGreaterThan(Number(cursor ?? 0));
  });

  it('posts the events to a webhook in order, signed, retried by the jobs queue until it answers 2xx, each once', async () => {
    const received: { id: string; signature: string; body: string }[] = [];
    // Each event queued its own job; the first attempt meets a 503.
    let refuseNext = 1;
    const sink = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          res.writeHead(503).end();
          return;
        }
        received.push({
          id: String(req.headers['sportello-event-id']),
          signature: String(req.headers[SIGNATURE_HEADER]),
          body,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    try {
      const port = (sink.address() as AddressInfo).port;
      const made = await createClients({
        repository: createIntegrationRepository(ctx.db),
        keys: createTokenKeys(ctx.db),
        brandExists: async () => true,
      }).create({ name: 'erp', scopes: ['events:read'], brands: ['sga'] });
      const webhooks = createWebhooks(ctx.db, { allowLoopback: true });
      // Events before the webhook are left to the feed: it gets what happens from now on.
      await recordEvent(ctx.db, {
        companyCode: 'sga',
        customerId: ctx.fixture.mario.id,
        kind: 'request.opened',
        entityKey: 'REQ-BEFORE-HOOK',
        payload: requestPayload('REQ-BEFORE-HOOK'),
      });
      const hook = await webhooks.add(made.id, 'sga', `http://127.0.0.1:${port}/hook`);
      const repository = createRequestsRepository(ctx.db);
      const open = (description: string) =>
        repository.insert(ctx.db, {
          companyCode: 'sga',
          customerId: ctx.fixture.mario.id,
          contractId: null,
          requestType: 'ZS',
          status: 'Aperto',
          description,
          payload: null,
        });
      const first = await open('primo');
      const second = await open('secondo');
      const services = createServices(ctx.db, testConfig());
      const runtime = createJobsRuntime(ctx.db, testConfig(), {
        handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
        forgetDevice: async () => undefined,
      });
      // The first attempt meets a 503: nothing delivered, the jobs wait their backoff (the other job,
      // finding the webhook's delivery busy, waits a moment without spending an attempt).
      await runtime.webhooks.runOnce();
      expect(received).toEqual([]);
      // An hour later the queue retries: both events, in order, once each.
      await runtime.webhooks.runOnce(new Date(Date.now() + 3_600_000));
      await runtime.webhooks.runOnce(new Date(Date.now() + 7_200_000));
      expect(received.map((r) => JSON.parse(r.body).entityKey)).toEqual([first.key, second.key]);
      for (const r of received) {
        const t = /t=(\d+)/.exec(r.signature)![1]!;
        const expected = createHmac('sha256', hook.secret).update(`${t}.${r.body}`).digest('hex');
        expect(r.signature).toBe(`t=${t},v1=${expected}`);
        expect(JSON.parse(r.body).cursor).toBe(r.id);
      }
      const [held] = await ctx.db
        .select()
        .from(integrationWebhooks)
        .where(eq(integrationWebhooks.id, hook.id));
      expect(held!.position).toBe(Number(received.at(-1)!.id));
      await runtime.close();
    } finally {
      await new Promise((resolve) => sink.close(resolve));
    }
  });

  it('lands a delivery that exhausts its retries in the dead-letter list; replayed, the recovered subscriber gets everything once, in order, across a restart', async () => {
    const received: string[] = [];
    let up = false;
    const sink = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (!up) {
          res.writeHead(500).end();
          return;
        }
        received.push(JSON.parse(body).entityKey as string);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const config = testConfig({ JOBS_MAX_ATTEMPTS: '2' });
    const startRuntime = () => {
      // A fresh set of services and jobs runtime on the same database: what a restarted server has.
      const services = createServices(ctx.db, config);
      return createJobsRuntime(ctx.db, config, {
        handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
        forgetDevice: async () => undefined,
      });
    };
    try {
      const port = (sink.address() as AddressInfo).port;
      const made = await createClients({
        repository: createIntegrationRepository(ctx.db),
        keys: createTokenKeys(ctx.db),
        brandExists: async () => true,
      }).create({ name: 'erp', scopes: ['events:read'], brands: ['sga'] });
      // The test before left a webhook at a sink now closed: this one starts with its own alone.
      await ctx.db.delete(integrationWebhooks);
      await ctx.db.delete(jobs);
      const webhooks = createWebhooks(ctx.db, { allowLoopback: true });
      await webhooks.add(made.id, 'sga', `http://127.0.0.1:${port}/hook`);
      const repository = createRequestsRepository(ctx.db);
      const opened: string[] = [];
      const open = async (description: string) =>
        opened.push(
          (
            await repository.insert(ctx.db, {
              companyCode: 'sga',
              customerId: ctx.fixture.mario.id,
              contractId: null,
              requestType: 'ZS',
              status: 'Aperto',
              description,
              payload: null,
            })
          ).key,
        );
      await open('uno');
      await open('due');
      await open('tre');

      let runtime = startRuntime();
      // Two attempts each, both refused: given up, listed as dead letters; nothing skipped. A job that
      // finds another delivering its webhook waits without spending an attempt, so a few rounds.
      for (let hour = 0; hour < 8; hour++)
        await runtime.webhooks.runOnce(new Date(Date.now() + hour * 3_600_000));
      expect(received).toEqual([]);
      const letters = await webhooks.deadLetters();
      expect(letters.map((l) => [l.brand, l.attempts])).toEqual([
        ['sga', 2],
        ['sga', 2],
        ['sga', 2],
      ]);
      expect(letters[0]!.lastError).toContain('answered 500');

      // The subscriber recovers; one dead letter replayed delivers every event after the position, in order.
      up = true;
      expect(await webhooks.replay([letters[0]!.id], new Date())).toEqual([letters[0]!.id]);
      await runtime.webhooks.runOnce(new Date(Date.now() + 7_200_000));
      expect(received).toEqual(opened);
      // The others replayed find nothing left to send: nothing twice.
      expect(await webhooks.replay('all', new Date())).toHaveLength(2);
      await runtime.webhooks.runOnce(new Date(Date.now() + 7_200_000));
      expect(received).toEqual(opened);
      expect(await webhooks.deadLetters()).toEqual([]);

      // The server stops; events happen meanwhile; the restarted one delivers them, once each, in order.
      await runtime.close();
      await open('quattro');
      await open('cinque');
      runtime = startRuntime();
      await runtime.webhooks.runOnce(new Date(Date.now() + 7_200_000));
      await runtime.webhooks.runOnce(new Date(Date.now() + 10_800_000));
      expect(received).toEqual(opened);
      expect(new Set(received).size).toBe(5);
      await runtime.close();
    } finally {
      await new Promise((resolve) => sink.close(resolve));
    }
  });
});
