// Erasure and objection requests (ADR 069) through app.inject on PGlite and PostgreSQL: filed on a
// reached customer, due one month on, a practice in the care queue with that day, a request.opened event
// for the ERP; a second of the same kind while one is open refused in Italian (even two at once); another
// customer's (403), a guest (401) and bad input (400) refused with nothing stored.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { integrationEvents, requests } from '@sportello/db/schema';
import { privacyRequestDueOn, todayInRome } from '@sportello/domain';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const path = (customer: string) => `portalapi/Erp/v1/customers/${customer}/privacy-requests`;

describe.each(databaseKinds)('privacy requests on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const privacyRows = () =>
    ctx.db
      .select()
      .from(requests)
      .where(
        and(eq(requests.customerId, ctx.fixture.mario.id), eq(requests.requestType, 'CancellazioneDati')),
      );

  it('files an erasure: due a month on, in the care queue with that day, heard by the ERP, listed', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'POST', path('CUS-MARIO'), {
      sessionId: mario,
      body: { kind: 'erasure', reason: ' Non sono più vostro cliente. ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const filed = res.json().data;
    const today = todayInRome(new Date());
    expect(filed).toMatchObject({
      kind: 'erasure',
      status: 'Aperto',
      receivedOn: today,
      dueOn: privacyRequestDueOn(today),
      answer: null,
    });

    const [event] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(and(eq(integrationEvents.kind, 'request.opened'), eq(integrationEvents.entityKey, filed.key)));
    expect(event!.payload).toMatchObject({
      requestType: 'CancellazioneDati',
      details: { dueOn: filed.dueOn, article: '17', description: 'Non sono più vostro cliente.' },
    });

    const listed = await call(ctx.app, 'GET', path('CUS-MARIO'), { sessionId: mario });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toContainEqual(filed);

    const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const queue = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=request', {
      staffSessionId: sessionId,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json().data.items as { key: string; dueDate: string; what: string }[]).find(
      (i) => i.key === filed.key,
    );
    expect(item).toMatchObject({ dueDate: filed.dueOn, what: 'Cancellazione dei dati' });
  });

  it('refuses a second erasure while one is open, in Italian; an objection is another request', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const before = (await privacyRows()).length;
    const again = await call(ctx.app, 'POST', path('CUS-MARIO'), {
      sessionId: mario,
      body: { kind: 'erasure' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.privacy_request_open);
    expect((await privacyRows()).length).toBe(before);
    const objection = await call(ctx.app, 'POST', path('CUS-MARIO'), {
      sessionId: mario,
      body: { kind: 'objection' },
    });
    expect(objection.statusCode, objection.body).toBe(200);
    expect(objection.json().data.kind).toBe('objection');
  });

  it('two at once: one is filed, the other refused (the unique index holds when both pass the check)', async () => {
    await ctx.db
      .update(requests)
      .set({ status: 'Chiuso' })
      .where(eq(requests.customerId, ctx.fixture.mario.id));
    const mario = await loginAs(ctx.app, 'mario');
    const send = () =>
      call(ctx.app, 'POST', path('CUS-MARIO'), { sessionId: mario, body: { kind: 'erasure' } });
    const codes = (await Promise.all([send(), send()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const open = (await privacyRows()).filter((r) => r.status === 'Aperto');
    expect(open).toHaveLength(1);
  });

  it('refuses another customer (403), a guest (401) and bad input (400), storing nothing', async () => {
    const before = await ctx.db.$count(requests);
    const mario = await loginAs(ctx.app, 'mario');
    const other = await call(ctx.app, 'POST', path('CUS-OTHER'), {
      sessionId: mario,
      body: { kind: 'erasure' },
    });
    expect(other.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', path('CUS-OTHER'), { sessionId: mario })).statusCode).toBe(403);
    const guest = await guestSession(ctx.app);
    const asGuest = await call(ctx.app, 'POST', path('CUS-MARIO'), {
      sessionId: guest,
      body: { kind: 'erasure' },
    });
    expect(asGuest.statusCode).toBe(401);
    const bad = await call(ctx.app, 'POST', path('CUS-MARIO'), {
      sessionId: mario,
      body: { kind: 'forget', reason: 'x'.repeat(1001) },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { message: string }[]).map((e) => e.message).sort()).toEqual([
      MESSAGES.privacy_reason_too_long,
      MESSAGES.privacy_request_kind_required,
    ]);
    expect(await ctx.db.$count(requests)).toBe(before);
  });
});
