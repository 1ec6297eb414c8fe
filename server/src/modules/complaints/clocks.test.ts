// A complaint's two clocks (TIQV, ADR 063), on both databases: the reasoned reply in 30 days for every
// category and, for billing matters, the bill's rectification in 60 (15 for a double billing), each
// with its due date, its done date and its own automatic compensation; the rectification recorded by
// the ERP through the complaint answer path and by the care staff, the first outcome staying; and a
// complaint about readings suspending every bill still owed, the bank told to leave them out.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '@sportello/domain';
import { complaints, contracts, integrationEvents, integrationRecords } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { BIC, HOLDER_FISCAL_CODE, IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const ERP = 'portalapi/Erp/v1';

let ip = 0;
const nextIp = () => `10.64.0.${++ip}`;

describe.each(databaseKinds)('complaint clocks on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const today = todayInRome(new Date());
  const daysAgo = (n: number) => new Date(`${addDays(today, -n)}T10:00:00Z`);
  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      { clientId: 'cli_complaintclocks0000', scopes: ['crm:write'], brands: ['sga'] },
      600,
      new Date(),
    );
  const { put, refusal } = recordCalls(ctx, bearer);
  const get = async (key: string) => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/complaints/${key}`, { sessionId: mario });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** A complaint of mario's filed `filed` days ago, replied to and rectified so many days ago (null: not yet). */
  const insert = async (
    key: string,
    category: string,
    filed: number,
    replied: number | null,
    rectified: number | null = null,
  ) => {
    const rectifies = ['billing', 'rectification', 'metering', 'prescription', 'double_billing'].includes(
      category,
    );
    const [row] = await ctx.db
      .insert(complaints)
      .values({
        key,
        companyCode: 'sga',
        customerId: ctx.fixture.mario.id,
        supplyId: ctx.world.supplies['SUP-1']!.id,
        category,
        body: key,
        contactPreference: 'email',
        suspendsCollection: false,
        channel: 'user',
        filedAt: daysAgo(filed),
        dueDate: addDays(today, 30 - filed),
        rectificationDueDate: rectifies
          ? addDays(today, (category === 'double_billing' ? 15 : 60) - filed)
          : null,
        answeredAt: replied === null ? null : daysAgo(replied),
        answer: replied === null ? null : 'Risposta',
        rectificationOutcome: rectified === null ? null : 'rectified',
        rectifiedAt: rectified === null ? null : daysAgo(rectified),
      })
      .returning();
    return row!;
  };

  it('a rectification complaint replied to on day 59 pays the reply compensation; its bill rectified on time, nothing more', async () => {
    await insert('RCL-C59', 'rectification', 100, 41, 41);
    expect(await get('RCL-C59')).toMatchObject({
      dueDate: addDays(today, -70),
      replyCompensationCents: 3000,
      rectification: { days: 60, dueDate: addDays(today, -40), outcome: 'rectified', compensationCents: 0 },
      compensationCents: 3000,
    });
  });

  it('a rectification late pays its own compensation, beside the reply on time', async () => {
    await insert('RCL-R75', 'billing', 100, 90, 25); // replied on day 10, rectified on day 75
    await insert('RCL-D20', 'double_billing', 100, 90, 80); // rectified on day 20 of 15
    await insert('RCL-OPEN', 'billing', 70, 60, null); // replied on day 10, rectification still due on day 70
    expect(await get('RCL-R75')).toMatchObject({
      replyCompensationCents: 0,
      rectification: { outcome: 'rectified', compensationCents: 3000 },
      compensationCents: 3000,
    });
    expect(await get('RCL-D20')).toMatchObject({ rectification: { days: 15, compensationCents: 3000 } });
    expect(await get('RCL-OPEN')).toMatchObject({
      state: 'answered',
      rectification: { outcome: 'pending', daysLeft: -10, doneAt: null, compensationCents: 3000 },
      compensationCents: 3000,
    });
  });

  it('files with the reply due in 30 days and the rectification in 60, or 15 for a double billing', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const file = (category: string) =>
      call(ctx.app, 'POST', `${ERP}/complaints`, {
        sessionId: mario,
        ip: nextIp(),
        body: {
          supplyKey: 'SUP-1',
          category,
          invoiceNumber: '2025/000004',
          body: 'La bolletta è sbagliata.',
          contactPreference: 'email',
        },
      });
    const rectification = (await file('rectification')).json().data;
    expect(rectification).toMatchObject({
      dueDate: addDays(today, 30),
      daysLeft: 30,
      rectification: { days: 60, dueDate: addDays(today, 60), daysLeft: 60, outcome: 'pending' },
    });
    const double = (await file('double_billing')).json().data;
    expect(double).toMatchObject({
      dueDate: addDays(today, 30),
      rectification: { days: 15, dueDate: addDays(today, 15) },
    });
  });

  it('the ERP records the rectification on the answer path; another outcome is a conflict; none where no clock runs', async () => {
    const complaint = await insert('RCL-ERP', 'billing', 20, null);
    const answer = 'La bolletta era errata: la rettifichiamo.';
    const first = await put(`complaints/${complaint.key}`, {
      version: 1,
      answer,
      answeredAt: daysAgo(10).toISOString(),
    });
    expect(first.json().data, first.body).toMatchObject({ outcome: 'created' });
    expect((await get('RCL-ERP')).rectification).toMatchObject({ outcome: 'pending', doneAt: null });
    const rectifiedAt = daysAgo(2).toISOString();
    const rectified = await put(`complaints/${complaint.key}`, {
      version: 2,
      answer,
      answeredAt: daysAgo(10).toISOString(),
      rectification: { outcome: 'rectified', at: rectifiedAt },
    });
    expect(rectified.json().data, rectified.body).toMatchObject({ outcome: 'updated' });
    expect((await get('RCL-ERP')).rectification).toMatchObject({
      outcome: 'rectified',
      doneAt: rectifiedAt,
      daysLeft: null,
    });
    const other = await put(`complaints/${complaint.key}`, {
      version: 3,
      answer,
      answeredAt: daysAgo(10).toISOString(),
      rectification: { outcome: 'not_due', at: rectifiedAt },
    });
    expect(other.json().data).toMatchObject({
      outcome: 'conflict',
      code: 'complaint_already_rectified',
      changedBy: { by: 'erp' },
    });
    const contract = await insert('RCL-ERP-C', 'contract', 5, null);
    const refused = await put(`complaints/${contract.key}`, {
      version: 1,
      answer,
      answeredAt: new Date().toISOString(),
      rectification: { outcome: 'rectified', at: new Date().toISOString() },
    });
    refusal(refused, 'complaint_rectification_not_due_here');
  });

  it('the care staff record the rectification after the answer; the ERP hears it; a second outcome, a future day or a contract complaint are refused', async () => {
    const complaint = await insert('RCL-STAFF', 'billing', 40, 20);
    const other = await insert('RCL-STAFF-C', 'contract', 5, null);
    const staff = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const rectify = (id: number, version: number, outcome: string, on: string) =>
      staffCall(
        ctx.app,
        'POST',
        `staff/v1/customers/${ctx.fixture.mario.id}/queue/complaint/${id}/rectification`,
        { staffSessionId: staff.sessionId, body: { version, outcome, on } },
      );
    const future = await rectify(complaint.id, 0, 'rectified', addDays(today, 1));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors[0].code).toBe('complaint_rectification_bad_day');
    const done = await rectify(complaint.id, 0, 'rectified', addDays(today, -1));
    expect(done.statusCode, done.body).toBe(200);
    expect(await get('RCL-STAFF')).toMatchObject({
      rectification: { outcome: 'rectified', compensationCents: 0 },
    });
    const [event] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(
        and(
          eq(integrationEvents.kind, 'complaint.rectified'),
          eq(integrationEvents.entityKey, complaint.key),
        ),
      );
    expect(event).toMatchObject({ staffUserId: staff.id, payload: { outcome: 'rectified' } });
    const again = await rectify(complaint.id, 1, 'not_due', today);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('già registrata');
    const none = await rectify(other.id, 0, 'rectified', today);
    expect(none.statusCode).toBe(422);
    // The ERP's other outcome afterwards is a conflict naming the operator (ADR 050).
    await ctx.db
      .insert(integrationRecords)
      .values({
        companyCode: 'sga',
        kind: 'complaint',
        extKey: complaint.key,
        entityId: complaint.id,
        version: 1,
      })
      .onConflictDoNothing();
    const erp = await put(`complaints/${complaint.key}`, {
      version: 2,
      answer: 'Risposta',
      answeredAt: daysAgo(20).toISOString(),
      rectification: { outcome: 'not_due', at: new Date().toISOString() },
    });
    expect(erp.json().data).toMatchObject({
      outcome: 'conflict',
      code: 'complaint_already_rectified',
      changedBy: { by: 'staff', staffId: String(staff.id) },
    });
  });

  it('a complaint about readings suspends every bill still owed on the contract and tells the bank to leave out the debited ones', async () => {
    await ctx.db
      .update(contracts)
      .set({
        banking: {
          iban: IBAN,
          bic: BIC,
          holderName: 'Mario Rossi',
          holderFiscalCode: HOLDER_FISCAL_CODE,
          state: null,
        },
      })
      .where(eq(contracts.id, ctx.world.contracts['CTR-1']!.id));
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'POST', `${ERP}/complaints`, {
      sessionId: mario,
      ip: nextIp(),
      body: {
        supplyKey: 'SUP-1',
        category: 'metering',
        body: 'Le letture stimate sono molto più alte del reale.',
        contactPreference: 'email',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const filed = res.json().data;
    expect(filed.invoice).toBeNull();
    expect(filed.suspendedBills.map((b: { key: string }) => b.key).sort()).toEqual([
      'INV-10',
      'INV-4',
      'INV-6',
    ]);
    for (const bill of ['INV-4', 'INV-6', 'INV-10']) {
      const detail = await call(ctx.app, 'GET', `${ERP}/invoices/${bill}/detail`, { sessionId: mario });
      expect(detail.json().data.collectionSuspended, bill).toBe(true);
    }
    const events = await ctx.db
      .select()
      .from(integrationEvents)
      .where(
        and(eq(integrationEvents.kind, 'invoice.leftOutOfDebit'), eq(integrationEvents.entityKey, filed.key)),
      );
    expect(events.map((e) => (e.payload as { invoiceNumber: string }).invoiceNumber).sort()).toEqual([
      '2025/000004',
      '2025/000006',
      '2025/000010',
    ]);
  });
});
