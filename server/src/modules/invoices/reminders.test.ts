// Payment reminders (ADR 035) with the clock injected: "Bolletta in scadenza" before
// the due date and "Bolletta scaduta" after it, each sent once per bill; never for a bill whose
// collection an open complaint suspends (until it is answered, and its rectification recorded where one
// is due: ADR 063), a paid bill or one paid by direct debit.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, romeWallClock, todayInRome } from '@sportello/domain';
import { invoiceRow } from '@sportello/demo/world';
import {
  complaints,
  complaintSuspendedBills,
  invoices,
  notifications,
  paymentReminders,
} from '@sportello/db/schema';
import { testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { createQueuedSend, QUEUED_SEND_GRACE_MS } from '../../jobs/queued-send.js';
import { createWorker } from '../../jobs/worker.js';
import { createServices } from '../../wiring.js';
import { NOTIFY_JOB, type QueuedEvent } from '../notifications/service.js';
import { createPaymentReminders } from './reminders.js';
import { createRemindersRepository } from './reminders-repository.js';

/** Far from the fixture's own bills: only this file's bills fall due around it. */
const DAY = addDays(todayInRome(new Date()), 200);
/** 9:00 in Rome on `offset` days from DAY: the injected clock. */
const on = (offset: number) => romeWallClock(addDays(DAY, offset), 9);
const DUE = addDays(DAY, 3);

describe.each(databaseKinds)('payment reminders on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const ids: Record<string, number> = {};
  const send = (offset: number) =>
    createServices(ctx.db, testConfig()).invoices.sendPaymentReminders(on(offset));
  /** Mario's notifications that name the bill, by title. */
  const told = async (key: string) =>
    (
      await ctx.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, ctx.fixture.marioUser.id),
            like(notifications.description, `%2026/REM/${key} %`),
          ),
        )
        .orderBy(notifications.id)
    ).map((n) => n.title);

  const bill = (
    key: string,
    contractKey: string,
    fields: { outstandingCents?: number; dueDate?: string } = {},
  ) =>
    invoiceRow({
      key,
      extKey: `EXT-${key}`,
      companyCode: 'sga',
      customerId: ctx.fixture.mario.id,
      contractId: ctx.world.contracts[contractKey]!.id,
      number: `2026/REM/${key}`,
      issueDate: addDays(DUE, -20),
      dueDate: fields.dueDate ?? DUE,
      amountCents: 8_450,
      outstandingCents: fields.outstandingCents ?? 8_450,
    });

  beforeAll(async () => {
    const rows = await ctx.db
      .insert(invoices)
      .values([
        bill('R1', 'CTR-1'), // owed, paid by payment notice
        bill('R2', 'CTR-1'), // disputed: a billing complaint suspends its collection
        bill('R3', 'CTR-1', { outstandingCents: 0 }), // paid
        bill('R4', 'CTR-4'), // CTR-4 pays by direct debit
      ])
      .returning();
    for (const row of rows) ids[row.key] = row.id;
    const [complaint] = await ctx.db
      .insert(complaints)
      .values({
        key: 'RCL-REM',
        companyCode: 'sga',
        customerId: ctx.fixture.mario.id,
        supplyId: ctx.world.supplies['SUP-1']!.id,
        invoiceId: ids.R2!,
        category: 'billing',
        body: 'Importo non dovuto',
        contactPreference: 'email',
        suspendsCollection: true,
        channel: 'user',
        filedAt: on(-10),
        dueDate: addDays(DAY, 20),
        rectificationDueDate: addDays(DAY, 50),
      })
      .returning();
    // As the complaints module files it: the bill it names is among those it suspends.
    await ctx.db.insert(complaintSuspendedBills).values({ complaintId: complaint!.id, invoiceId: ids.R2! });
  });

  it('reminds of a bill falling due once, and of it overdue once', async () => {
    expect(await send(-6)).toBe(0); // 9 days before: too early
    expect(await send(0)).toBe(1);
    expect(await told('R1')).toEqual(['Bolletta in scadenza']);
    // The same day again, and the next days: already told.
    expect(await send(0)).toBe(0);
    expect(await send(1)).toBe(0);
    expect(await send(3)).toBe(0);
    // Three days past the due date: overdue, once.
    expect(await send(6)).toBe(1);
    expect(await send(6)).toBe(0);
    // The bill on direct debit is the bank's until a returned debit could have come back; still owed
    // after that, the debit failed and it is the customer's to pay: overdue, once (ADR 052).
    expect(await send(11)).toBe(0);
    expect(await send(12)).toBe(1);
    expect(await send(20)).toBe(0);
    expect(await told('R1')).toEqual(['Bolletta in scadenza', 'Bolletta scaduta']);
    expect(await told('R4')).toEqual(['Bolletta scaduta']);
    const [overdue] = await ctx.db
      .select()
      .from(notifications)
      .where(like(notifications.description, '%2026/REM/R1 è scaduta%'));
    expect(overdue!.description).toMatch(/restano 84,50\u00a0€/);
    expect(
      await ctx.db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, ids.R1!)),
    ).toHaveLength(2);
  });

  it('sends nothing for a bill suspended by an open complaint or a paid one', async () => {
    for (const key of ['R2', 'R3']) expect(await told(key)).toEqual([]);
    for (const key of ['R2', 'R3'])
      expect(
        await ctx.db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, ids[key]!)),
      ).toEqual([]);
  });

  it('reminds of the disputed bill once the complaint is answered and its rectification found not due', async () => {
    await ctx.db
      .update(complaints)
      .set({ answeredAt: on(7), answer: 'L’importo è corretto.' })
      .where(eq(complaints.key, 'RCL-REM'));
    // Answered, the rectification's clock still runs: the bill stays suspended.
    expect(await send(7)).toBe(0);
    await ctx.db
      .update(complaints)
      .set({ rectificationOutcome: 'not_due', rectifiedAt: on(7) })
      .where(eq(complaints.key, 'RCL-REM'));
    expect(await send(7)).toBe(1);
    expect(await told('R2')).toEqual(['Bolletta scaduta']);
    expect(await send(8)).toBe(0);
  });

  it('tells a reminder claimed by a process stopped before telling it, once, from the jobs worker', async () => {
    const laterDue = addDays(DAY, 40);
    await ctx.db.insert(invoices).values(bill('R5', 'CTR-1', { dueDate: laterDue }));
    // A process claims the reminder, then stops before telling it: its notifier never gets through.
    const stopping = createPaymentReminders({
      repository: createRemindersRepository(ctx.db),
      notifications: {
        queued: createQueuedSend<QueuedEvent>({
          db: ctx.db,
          kind: NOTIFY_JOB,
          send: () => Promise.reject(new Error('process stopped')),
        }),
      },
    });
    expect(await stopping.sendPaymentReminders(on(37))).toBe(1);
    // Another process's sweep finds it claimed, and the claim's job is not due before its grace.
    expect(await send(37)).toBe(0);
    expect(await told('R5')).toEqual([]);
    // Another process's jobs worker tells it once, however often it polls.
    const worker = createWorker({
      queue: createJobQueue(ctx.db, { leaseMs: JOB_LEASE_MS, maxAttempts: 3 }),
      handlers: { [NOTIFY_JOB]: (job) => createServices(ctx.db, testConfig()).notifications.queued.run(job) },
    });
    const afterGrace = new Date(on(37).getTime() + QUEUED_SEND_GRACE_MS);
    await worker.runOnce(afterGrace);
    await worker.runOnce(new Date(afterGrace.getTime() + 2 * JOB_LEASE_MS));
    expect(await send(38)).toBe(0);
    expect(await told('R5')).toEqual(['Bolletta in scadenza']);
  });
});
