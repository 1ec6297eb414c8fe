// Who owns what between the ERP and the portal (ADR 050), on both databases: the care staff's work
// reaches the supplier's systems as events with the staff member and the ERP's keys; the ERP's write
// over it is a `conflict` naming who changed it, never an overwrite nor a second answer to the
// customer; a version sent again with other content is a `version_reused` conflict, keeping nothing.
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  complaints,
  customerContactClaims,
  customers,
  integrationRecords,
  jobs,
  messages,
  requests,
  supplies,
} from '@sportello/db/schema';
import { REQUEST_TYPE } from '@sportello/domain';
import { erpComplaints, erpSupplies } from '@sportello/contract';
import { call, loginAs } from '../../../test/app.js';
import { identifiers, send, validInput } from '../../../test/access-world.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { insertComplaint, insertReadingAnomaly } from '../../../test/queue-items.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const FEED = '/services/rest/integration/v1/brands/sga/events';
const ERP = 'portalapi/Erp/v1';

interface FeedEvent {
  kind: string;
  entityKey: string;
  customer: { id: string; key: string; extKey: string | null };
  staff: { id: string; username: string } | null;
  payload: Record<string, unknown>;
}

describe.each(databaseKinds)('ownership of care work between the ERP and the portal on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      {
        clientId: 'cli_ownershiptest00000',
        scopes: ['crm:write', 'billing:write', 'events:read'],
        brands: ['sga'],
      },
      600,
      new Date(),
    );
  const { put, batch } = recordCalls(ctx, bearer);
  /** A record read back by its key (ADR 056). */
  const readBack = async (path: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/services/rest/integration/v1/brands/sga/${path}`,
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const feed = async (): Promise<FeedEvent[]> => {
    const res = await ctx.app.inject({
      url: `${FEED}?limit=1000`,
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.events;
  };
  const itemUrl = (customerId: number, itemKind: string, id: number, action: string) =>
    `staff/v1/customers/${customerId}/queue/${itemKind}/${id}/${action}`;
  /** The fixture's rows as if the ERP had loaded them under these keys. */
  const loaded = (recordKind: string, extKey: string, entityId: number) =>
    ctx.db
      .insert(integrationRecords)
      .values({ companyCode: 'sga', kind: recordKind, extKey, entityId, version: 1 })
      .onConflictDoNothing();
  const mario = () => ctx.fixture.mario.id;
  /** Every supply of mario's as the ERP loaded it, by `ERP-S-<id>`. */
  const loadMarioSupplies = async () => {
    const all = await ctx.db
      .select({ id: supplies.id })
      .from(supplies)
      .where(eq(supplies.customerId, mario()));
    for (const { id } of all) await loaded('supply', `ERP-S-${id}`, id);
  };

  it('an operator answers a complaint: the ERP reads it by its keys, its own answer is a conflict, the customer gets one', async () => {
    const complaint = await insertComplaint(ctx.db, mario());
    const bill = ctx.world.invoices['INV-6']!;
    await ctx.db.update(complaints).set({ invoiceId: bill.id }).where(eq(complaints.id, complaint.id));
    await loaded('customer', 'CRM-MARIO', mario());
    await loadMarioSupplies();
    await loaded('bill', 'BILL-ERP-6', bill.id);
    const staff = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const staffAnswer = 'Abbiamo ricontrollato i consumi: la bolletta è corretta.';
    const answered = await staffCall(ctx.app, 'POST', itemUrl(mario(), 'complaint', complaint.id, 'answer'), {
      staffSessionId: staff.sessionId,
      body: { version: 0, answer: staffAnswer },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    // The ERP sees the staff's answer in the feed, by its own keys, with who gave it.
    const event = (await feed()).find(
      (e) => e.kind === 'complaint.answered' && e.entityKey === complaint.key,
    );
    expect(event).toMatchObject({
      customer: { id: String(mario()), extKey: 'CRM-MARIO' },
      staff: { id: String(staff.id), username: staff.username },
      payload: {
        complaintKey: complaint.key,
        answer: staffAnswer,
        supplyId: complaint.supplyId,
        supplyExtKey: `ERP-S-${complaint.supplyId}`,
        billId: bill.id,
        billExtKey: 'BILL-ERP-6',
      },
    });

    // The CRM's older answer arrives afterwards: a conflict naming the operator, nothing written.
    const stale = await put(`complaints/${complaint.key}`, {
      version: 1,
      answer: 'Il reclamo è stato accolto: riceverai un rimborso.',
      answeredAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json().data).toMatchObject({
      extKey: complaint.key,
      outcome: 'conflict',
      code: 'complaint_already_answered',
      version: null,
      changedBy: { by: 'staff', staffId: String(staff.id), username: staff.username },
    });
    // The same text is the CRM agreeing: kept as its version, and the customer is not told again.
    const agreed = await put(`complaints/${complaint.key}`, {
      version: 2,
      answer: staffAnswer,
      answeredAt: new Date().toISOString(),
    });
    expect(agreed.json().data).toMatchObject({ outcome: 'created', version: 2 });
    const again = await put(`complaints/${complaint.key}`, {
      version: 3,
      answer: 'Un’altra risposta ancora.',
      answeredAt: new Date().toISOString(),
    });
    expect(again.json().data).toMatchObject({ outcome: 'conflict', version: 2 });
    // Read back (ADR 056): the answer the customer has, the CRM's version, and the operator who gave it.
    expect((await readBack(`complaints/${complaint.key}`)).data).toMatchObject({
      version: 2,
      changedBy: { by: 'staff', staffId: String(staff.id), username: staff.username },
      portal: { answered: true, answer: staffAnswer },
    });

    const customer = await loginAs(ctx.app, 'mario');
    const page = await call(ctx.app, 'GET', `${ERP}/complaints/${complaint.key}`, { sessionId: customer });
    expect(page.json().data).toMatchObject({ state: 'answered', answer: staffAnswer });
    const told = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario()), like(messages.body, `%${complaint.key}%`)));
    expect(told.map((m) => m.title)).toEqual(['Risposta al tuo reclamo']);
    expect(told[0]!.body).toContain(staffAnswer);
  });

  it('a request the operator moved and closed: events with the staff and the contract’s ERP key; the ERP cannot reopen it', async () => {
    const contract = ctx.world.contracts['CTR-1']!;
    await loaded('contract', 'ERP-CTR-1', contract.id);
    const [request] = await ctx.db
      .insert(requests)
      .values({
        key: `REQ-OWN-${kind}`,
        companyCode: 'sga',
        customerId: mario(),
        contractId: contract.id,
        requestType: REQUEST_TYPE.shippingAddress,
        status: 'Aperto',
        description: 'Nuovo indirizzo di recapito',
      })
      .returning();
    const staff = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const act = (action: string, body: Record<string, unknown>) =>
      staffCall(ctx.app, 'POST', itemUrl(mario(), 'request', request!.id, action), {
        staffSessionId: staff.sessionId,
        body,
      });
    expect((await act('phase', { version: 0, status: 'InLavorazione' })).statusCode).toBe(200);
    expect(
      (await act('escalate', { version: 1, reason: 'Il cliente ha già chiamato due volte' })).statusCode,
    ).toBe(200);
    expect(
      (await act('answer', { version: 2, answer: 'Indirizzo aggiornato dal servizio clienti.' })).statusCode,
    ).toBe(200);

    const events = (await feed()).filter((e) => e.entityKey === request!.key);
    expect(events.map((e) => [e.kind, e.payload.status ?? e.payload.reason])).toEqual([
      ['request.changed', 'InLavorazione'],
      ['care.escalated', 'Il cliente ha già chiamato due volte'],
      ['request.changed', 'Chiuso'],
    ]);
    for (const e of events) expect(e.staff).toEqual({ id: String(staff.id), username: staff.username });
    expect(events[2]!.payload).toMatchObject({
      contractId: contract.id,
      contractExtKey: 'ERP-CTR-1',
      answer: 'Indirizzo aggiornato dal servizio clienti.',
      closedAt: expect.any(String),
    });

    const messagesBefore = await ctx.db.$count(
      messages,
      and(eq(messages.customerId, mario()), like(messages.body, `%${request!.key}%`)),
    );
    // A later phase of the ERP would reopen it: a conflict naming the operator.
    const reopen = await put(`requests/${request!.key}`, { version: 5, status: 'InLavorazione' });
    expect(reopen.json().data).toMatchObject({
      outcome: 'conflict',
      code: 'request_ended_by_staff',
      version: null,
      changedBy: { by: 'staff', username: staff.username, at: expect.any(String) },
    });
    // The ERP agreeing that it is closed changes nothing the customer sees.
    const agree = await put(`requests/${request!.key}`, { version: 6, status: 'Chiuso', phaseCode: 'IR090' });
    expect(agree.json().data).toMatchObject({ outcome: 'created', version: 6 });
    expect((await readBack(`requests/${request!.key}`)).data).toMatchObject({
      version: 6,
      changedBy: { by: 'staff', username: staff.username },
      portal: { status: 'Chiuso', phaseCode: null },
    });
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, request!.id));
    expect(row).toMatchObject({
      status: 'Chiuso',
      phaseCode: null,
      answer: 'Indirizzo aggiornato dal servizio clienti.',
    });
    expect(
      await ctx.db.$count(
        messages,
        and(eq(messages.customerId, mario()), like(messages.body, `%${request!.key}%`)),
      ),
    ).toBe(messagesBefore);
  });

  it('an operator answers a self-reading anomaly: the ERP hears of it with the supply’s ERP key and the staff member', async () => {
    const reading = await insertReadingAnomaly(ctx.db, mario(), 'refused');
    await loadMarioSupplies();
    const staff = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const answered = await staffCall(ctx.app, 'POST', itemUrl(mario(), 'reading', reading.id, 'answer'), {
      staffSessionId: staff.sessionId,
      body: { version: 0, answer: 'Manda una foto del contatore: la ricontrolliamo.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const event = (await feed()).find(
      (e) => e.kind === 'selfReading.answered' && e.entityKey === `READING-${reading.id}`,
    );
    expect(event).toMatchObject({
      staff: { id: String(staff.id), username: staff.username },
      payload: {
        selfReadingKey: `READING-${reading.id}`,
        supplyId: reading.supplyId,
        supplyExtKey: `ERP-S-${reading.supplyId}`,
        answer: 'Manda una foto del contatore: la ricontrolliamo.',
      },
    });
  });

  it('a request the customer opened names its contract by the ERP’s key, beside the portal’s id', async () => {
    for (const [key, contract] of Object.entries(ctx.world.contracts))
      await loaded('contract', `ERP-${key}`, contract.id);
    // A new paper address is a step-up call (ADR 047).
    const customer = await loginSteppedUp(ctx, 'mario');
    const ids = identifiers(ctx, { owner: customer, delegate: customer, other: customer, guest: customer });
    const opened = await send(
      ctx.app,
      erpSupplies.requestShippingAddress,
      validInput(erpSupplies.requestShippingAddress, 'owner', ids),
      customer,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const event = (await feed()).filter((e) => e.kind === 'request.opened').at(-1)!;
    const contract = Object.entries(ctx.world.contracts).find(([, c]) => c.id === event.payload.contractId);
    expect(contract, JSON.stringify(event.payload)).toBeDefined();
    expect(event.payload.contractExtKey).toBe(`ERP-${contract![0]}`);
    expect(event.customer).toMatchObject({ id: String(mario()), key: ctx.fixture.mario.key });
    expect(event.staff).toBeNull();
  });

  it('a complaint the customer filed names its supply by the ERP’s key, beside the portal’s id', async () => {
    await loadMarioSupplies();
    const customer = await loginAs(ctx.app, 'mario');
    const ids = identifiers(ctx, { owner: customer, delegate: customer, other: customer, guest: customer });
    const filed = await send(
      ctx.app,
      erpComplaints.fileComplaint,
      validInput(erpComplaints.fileComplaint, 'owner', ids),
      customer,
    );
    expect(filed.statusCode, filed.body).toBe(200);
    const event = (await feed()).filter((e) => e.kind === 'complaint.filed').at(-1)!;
    expect(event.payload.supplyId).toEqual(expect.any(Number));
    expect(event.payload.supplyExtKey).toBe(`ERP-S-${event.payload.supplyId}`);
    expect(event.customer).toMatchObject({ id: String(mario()) });
  });

  it('an operator and the ERP answering one complaint at once: one answer wins, the other is refused, one message', async () => {
    const complaint = await insertComplaint(ctx.db, mario());
    const staff = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const [byStaff, byErp] = await Promise.all([
      staffCall(ctx.app, 'POST', itemUrl(mario(), 'complaint', complaint.id, 'answer'), {
        staffSessionId: staff.sessionId,
        body: { version: 0, answer: 'La risposta dell’operatore.' },
      }),
      put(`complaints/${complaint.key}`, {
        version: 1,
        answer: 'La risposta del sistema.',
        answeredAt: new Date().toISOString(),
      }),
    ]);
    // Exactly one of the two wrote: the staff's 200 and the ERP's conflict, or the ERP's answer and the staff's 409.
    expect([byStaff.statusCode, byErp.json().data.outcome]).toEqual(
      byStaff.statusCode === 200 ? [200, 'conflict'] : [409, 'created'],
    );
    const told = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario()), like(messages.body, `%${complaint.key}%`)));
    expect(told).toHaveLength(1);
  });

  it('a contact proven in the portal is not overwritten by the ERP: its old contact is a conflict naming who proved it, the same one hands it back', async () => {
    await loaded('customer', 'CRM-MARIO', mario());
    const [before] = await ctx.db.select().from(customers).where(eq(customers.id, mario()));
    const erpMario = (version: number, contacts: { email: string | null; phoneMobile: string | null }) => ({
      version,
      customerCode: before!.customerCode,
      customerType: 'private',
      name: before!.name,
      ...contacts,
    });
    /** The code a one-time code job carries, as the outbox would deliver it. */
    const codeOf = async (workflowId: string) => {
      const [job] = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `otp:${workflowId}`));
      return /\b(\d{4})\b/.exec(String(job!.payload.text))![1]!;
    };
    // Mario proves a new e-mail with the code mailed to it.
    const session = await loginSteppedUp(ctx, 'mario');
    const check = await call(ctx.app, 'POST', 'bpm/v1/email-check', {
      sessionId: session,
      body: { email: 'mario.nuovo@example.it' },
    });
    expect(check.statusCode, check.body).toBe(200);
    const { workflowId } = check.json().data;
    const verified = await call(ctx.app, 'POST', 'bpm/v1/otp-verification', {
      sessionId: session,
      body: { workflowId, code: await codeOf(workflowId) },
    });
    expect(verified.json().data.outcome).toBe('verified');

    // The ERP's next version still carries the old e-mail: a conflict naming mario, nothing written.
    const stale = await put('customers/CRM-MARIO', erpMario(2, { email: before!.email, phoneMobile: null }));
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json().data).toMatchObject({
      extKey: 'CRM-MARIO',
      outcome: 'conflict',
      code: 'contact_proven_in_portal',
      version: 1,
      errors: [{ field: 'email', code: 'contact_proven_in_portal' }],
      changedBy: { by: 'customer', staffId: null, username: 'mario' },
    });
    const emailNow = async () =>
      (await ctx.db.select().from(customers).where(eq(customers.id, mario())))[0]!.email;
    expect(await emailNow()).toBe('mario.nuovo@example.it');

    // An operator corrects the mobile with mario reading the code out: the ERP's old mobile is a
    // conflict naming the operator.
    const staff = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const reason = 'Il cliente ha chiamato dal numero registrato';
    const account = (action: string, body: unknown) =>
      staffCall(ctx.app, 'POST', `staff/v1/customers/${mario()}/account/${action}`, {
        staffSessionId: staff.sessionId,
        body,
      });
    const started = await account('contact', { contact: 'phone', value: '347 7654321', reason });
    expect(started.statusCode, started.body).toBe(200);
    const correction = started.json().data.workflowId;
    const confirmed = await account('contact/confirm', {
      workflowId: correction,
      code: await codeOf(correction),
      reason,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const agreedEmail = { email: 'MARIO.nuovo@example.it', phoneMobile: '3331112222' };
    expect((await put('customers/CRM-MARIO', erpMario(2, agreedEmail))).json().data).toMatchObject({
      outcome: 'conflict',
      code: 'contact_proven_in_portal',
      errors: [{ field: 'phoneMobile', code: 'contact_proven_in_portal' }],
      changedBy: { by: 'staff', staffId: String(staff.id), username: staff.username },
    });

    // The ERP agrees, in its own forms (case, spaces, prefix): written, and both are the ERP's again.
    const agreed = await put(
      'customers/CRM-MARIO',
      erpMario(2, { email: 'MARIO.nuovo@example.it', phoneMobile: '+39 347 7654321' }),
    );
    expect(agreed.json().data).toMatchObject({ outcome: 'updated', version: 2 });
    expect(await ctx.db.$count(customerContactClaims, eq(customerContactClaims.customerId, mario()))).toBe(0);
    const later = await put(
      'customers/CRM-MARIO',
      erpMario(3, { email: 'mario.ufficio@example.it', phoneMobile: '3477654321' }),
    );
    expect(later.json().data).toMatchObject({ outcome: 'updated', version: 3 });
    expect(await emailNow()).toBe('mario.ufficio@example.it');
  });

  it('a version sent again with other content is refused as version_reused, and nothing of it is kept', async () => {
    const record = (name: string) => ({
      version: 4,
      customerCode: `OWN-${kind}`,
      customerType: 'private',
      name,
    });
    expect((await put('customers/CRM-REUSED', record('Lucia Neri'))).json().data.outcome).toBe('created');
    expect((await put('customers/CRM-REUSED', record('Lucia Neri'))).json().data.outcome).toBe('unchanged');
    const reused = await put('customers/CRM-REUSED', record('Lucia Neri Bianchi'));
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().data).toMatchObject({
      extKey: 'CRM-REUSED',
      outcome: 'conflict',
      code: 'version_reused',
      version: 4,
    });
    const [row] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.customerCode, `OWN-${kind}`));
    expect(row!.name).toBe('Lucia Neri');

    // A kind of ADR 040 in a batch: each line its own answer, counted.
    const offer = (name: string) => ({
      extKey: 'OFFER-REUSED',
      version: 1,
      name,
      commodity: 'electricity',
      priceType: 'Fisso',
      prices: [{ label: 'Energia', milliEuro: 119, unit: 'kWh' }],
      conditions: [],
    });
    const lines = await batch('offers', [offer('Luce Web'), offer('Luce Web'), offer('Luce Web Plus')]);
    expect(lines.statusCode, lines.body).toBe(200);
    const data = lines.json().data;
    expect(data.results.map((r: { outcome: string; code?: string }) => [r.outcome, r.code])).toEqual([
      ['created', undefined],
      ['unchanged', undefined],
      ['conflict', 'version_reused'],
    ]);
    expect(data.counts).toMatchObject({ created: 1, unchanged: 1, conflict: 1 });
  });
});
