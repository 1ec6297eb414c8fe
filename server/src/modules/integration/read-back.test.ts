// Reading records back, cancelling a bill, withdrawing a message or proposal, and a message's PDF
// attachment (ADR 056), on both databases: each answer against what the customer's own calls show,
// every refusal with its code (another brand's key, an unknown key, twice, a paid bill without a credit
// note, a proposal the customer accepted), the outbox events, and an attachment another customer cannot
// download.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integration, MESSAGES } from '@sportello/contract';
import { addDays, todayInRome } from '@sportello/domain';
import { linkRow, userRow } from '@sportello/demo/world';
import { customers, integrationEvents, links, messages, users } from '@sportello/db/schema';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { samplePdf } from '../../../test/sample-files.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const ERP = 'portalapi/Erp/v1';
const BASE = '/services/rest/integration/v1/brands';
const today = todayInRome(new Date());

const customer = (n: number) => ({
  version: 1,
  customerCode: `RB-${n}`,
  customerType: 'private',
  name: `Cliente Rilettura ${n}`,
  email: `rilettura${n}@example.it`,
  contracts: [
    {
      extKey: `K-RB${n}`,
      number: `CTR-RB${n}`,
      name: 'Luce casa',
      startDate: '2025-01-01',
      supplies: [
        {
          extKey: `POD-RB${n}`,
          commodity: 'electricity',
          pointCode: `IT001E00RB0${n}`,
          address: 'Via Roma 1',
          postalCode: '20121',
          locality: 'Milano',
          province: 'MI',
          activationDate: '2025-01-01',
        },
      ],
    },
  ],
});

const bill = (contractExtKey: string, number: string, amountCents: number, typeCode = 1) => ({
  version: 1,
  contractExtKey,
  number,
  invoiceTypeCode: typeCode,
  issueDate: addDays(today, -10),
  dueDate: addDays(today, 10),
  sections: [{ title: 'Energia', lines: [{ label: 'F1', amountCents }], totalCents: amountCents }],
});

describe.each(databaseKinds)('reading back and taking back ERP records on %s', (kind) => {
  const ctx = useTestApp(kind);
  const bearer = (brands = ['sga']) =>
    createTokenKeys(ctx.db).sign(
      { clientId: 'cli_readback0000000000', scopes: ['crm:write', 'billing:write'], brands },
      600,
      new Date(),
    );
  const { put, outcome } = recordCalls(ctx, () => bearer());
  const machine = async (method: 'GET' | 'POST', path: string, body?: unknown, brands = ['sga']) =>
    ctx.app.inject({
      method,
      url: `${BASE}/${path}`,
      headers: { authorization: `Bearer ${await bearer(brands)}` },
      ...(body !== undefined ? { payload: { request: body } } : {}),
    });
  const ok = (res: Awaited<ReturnType<typeof machine>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refused = (res: Awaited<ReturnType<typeof machine>>, status: number, code: keyof typeof MESSAGES) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: MESSAGES[code] });
  };

  /** A customer loaded by the ERP with a portal user, logged in: the customer's own calls. */
  async function loadedWithUser(n: number) {
    expect(outcome(await put(`customers/C-RB${n}`, customer(n)))).toBe('created');
    const [holder] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.customerCode, `RB-${n}`));
    const [mario] = await ctx.db.select().from(users).where(eq(users.username, 'mario'));
    const username = `utente-rb${n}`;
    await ctx.db.insert(users).values(
      userRow({
        key: `USR-${username}`,
        companyCode: 'sga',
        username,
        passwordHash: mario!.passwordHash,
        customerId: holder!.id,
      }),
    );
    const sessionId = await loginAs(ctx.app, username);
    return {
      customer: holder!,
      sessionId,
      get: (path: string) => call(ctx.app, 'GET', `${ERP}/${path}`, { sessionId }),
    };
  }

  const eventsOf = (kindName: string) =>
    ctx.db
      .select()
      .from(integrationEvents)
      .where(and(eq(integrationEvents.companyCode, 'sga'), eq(integrationEvents.kind, kindName)));

  it("reads back a customer, contract, supply, bill and payment, only in the client's brand", async () => {
    await loadedWithUser(1);
    expect(outcome(await put('bills/B-RB1', bill('K-RB1', '2026/RB/1', 10_000)))).toBe('created');
    const payment = {
      version: 2,
      billExtKey: 'B-RB1',
      amountCents: 4_000,
      collectedOn: today,
      channel: 'bank',
    };
    expect(outcome(await put('payments/P-RB1', payment))).toBe('created');

    expect(ok(await machine('GET', 'sga/customers/C-RB1'))).toMatchObject({
      extKey: 'C-RB1',
      version: 1,
      changedBy: { by: 'erp', staffId: null },
      portal: { customerCode: 'RB-1', email: 'rilettura1@example.it', contractExtKeys: ['K-RB1'] },
    });
    expect(ok(await machine('GET', 'sga/contracts/K-RB1'))).toMatchObject({
      portal: { customerExtKey: 'C-RB1', number: 'CTR-RB1', supplyExtKeys: ['POD-RB1'] },
    });
    expect(ok(await machine('GET', 'sga/supplies/POD-RB1'))).toMatchObject({
      portal: { contractExtKey: 'K-RB1', pointCode: 'IT001E00RB01', commodity: 'electricity' },
    });
    expect(ok(await machine('GET', 'sga/payments/P-RB1'))).toMatchObject({
      version: 2,
      portal: { billExtKey: 'B-RB1', amountCents: 4_000, appliedCents: 4_000, creditCents: 0 },
    });
    const read = ok(await machine('GET', 'sga/bills/B-RB1'));
    expect(read).toMatchObject({
      version: 1,
      portal: { amountCents: 10_000, outstandingCents: 6_000, status: 'partial', cancellation: null },
    });
    // What the ERP reads is what the customer's own bill page says they must pay.
    expect(integration.billReadBack.parse(read).portal.toPay.yoursCents).toBe(6_000);

    // Another brand's client does not see this brand's keys, and an unknown key is 404 too.
    refused(await machine('GET', 'mes/bills/B-RB1', undefined, ['mes']), 404, 'record_not_found');
    refused(await machine('GET', 'mes/customers/C-RB1', undefined, ['mes']), 404, 'record_not_found');
    refused(await machine('GET', 'sga/bills/B-NONE'), 404, 'record_not_found');
    // Nor may it name the other brand at all.
    expect((await machine('GET', 'sga/bills/B-RB1', undefined, ['mes'])).statusCode).toBe(403);
  });

  it('cancels an unpaid bill: "Annullata" with its reason, out of the totals, not payable; once only', async () => {
    const me = await loadedWithUser(2);
    expect(outcome(await put('bills/B-RB2', bill('K-RB2', '2026/RB/2', 8_000)))).toBe('created');
    expect(outcome(await put('bills/B-RB2B', bill('K-RB2', '2026/RB/2B', 2_500)))).toBe('created');
    const listed = async () => {
      const res = await me.get(`invoices?customerId=${me.customer.key}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await listed()).toPay).toMatchObject({ count: 2, yoursCents: 10_500 });

    const cancelled = ok(
      await machine('POST', 'sga/bills/B-RB2/cancellation', {
        reason: 'Emessa per errore su un altro periodo',
      }),
    );
    expect(cancelled).toMatchObject({
      changedBy: { by: 'erp' },
      portal: {
        status: 'cancelled',
        outstandingCents: 0,
        toPay: { way: 'cancelled', yoursCents: 0 },
        cancellation: { reason: 'Emessa per errore su un altro periodo', creditNoteExtKey: null },
      },
    });
    // The list, its totals and the bill page all say it, from the same figure.
    const list = await listed();
    expect(list.toPay).toMatchObject({ count: 1, yoursCents: 2_500 });
    const shown = list.invoices.find((i: { number: string }) => i.number === '2026/RB/2');
    expect(shown).toMatchObject({
      toPay: { way: 'cancelled' },
      cancellation: { reason: 'Emessa per errore su un altro periodo', creditNoteId: null },
    });
    const page = await me.get(`invoices/${shown.id}`);
    expect(page.json().data).toMatchObject({
      toPay: { way: 'cancelled' },
      cancellation: { creditNoteId: null },
    });
    // Not offered for payment: the payment call refuses it.
    const pay = await call(ctx.app, 'POST', `${ERP}/payments`, {
      sessionId: me.sessionId,
      body: { payKind: 'Invoices', items: [{ id: shown.id }] },
    });
    expect(pay.statusCode, pay.body).toBe(422);

    const [event] = await eventsOf('bill.cancelled');
    expect(event).toMatchObject({
      customerId: me.customer.id,
      payload: { billExtKey: 'B-RB2', invoiceNumber: '2026/RB/2', outstandingCentsBefore: 8_000 },
    });

    // Twice is a conflict; a newer version of it, or a payment on it, is refused with its code.
    refused(
      await machine('POST', 'sga/bills/B-RB2/cancellation', { reason: 'Ancora' }),
      409,
      'bill_already_cancelled',
    );
    const newer = await put('bills/B-RB2', { ...bill('K-RB2', '2026/RB/2', 9_000), version: 2 });
    expect(newer.statusCode).toBe(422);
    expect(newer.json()).toMatchObject({ message: MESSAGES.bill_cancelled });
    const payment = {
      version: 1,
      billExtKey: 'B-RB2',
      amountCents: 1_000,
      collectedOn: today,
      channel: 'bank',
    };
    expect((await put('payments/P-RB2', payment)).json()).toMatchObject({ message: MESSAGES.bill_cancelled });
    // Another brand's client, an unknown key.
    refused(
      await machine('POST', 'mes/bills/B-RB2B/cancellation', { reason: 'x' }, ['mes']),
      404,
      'record_not_found',
    );
    refused(await machine('POST', 'sga/bills/B-NONE/cancellation', { reason: 'x' }), 404, 'record_not_found');
    expect(await eventsOf('bill.cancelled')).toHaveLength(1);
  });

  it('cancels a bill something was paid on only by a credit note of the same customer', async () => {
    const me = await loadedWithUser(3);
    await loadedWithUser(4);
    expect(outcome(await put('bills/B-RB3', bill('K-RB3', '2026/RB/3', 5_000)))).toBe('created');
    const payment = {
      version: 1,
      billExtKey: 'B-RB3',
      amountCents: 5_000,
      collectedOn: today,
      channel: 'bank',
    };
    expect(outcome(await put('payments/P-RB3', payment))).toBe('created');
    expect(outcome(await put('bills/NC-RB3', bill('K-RB3', '2026/NC/3', -5_000, 4)))).toBe('created');
    expect(outcome(await put('bills/NC-RB4', bill('K-RB4', '2026/NC/4', -5_000, 4)))).toBe('created');
    expect(outcome(await put('bills/B-RB3X', bill('K-RB3', '2026/RB/3X', 1_000)))).toBe('created');

    const reason = { reason: 'Letture errate' };
    refused(
      await machine('POST', 'sga/bills/B-RB3/cancellation', reason),
      409,
      'bill_paid_needs_credit_note',
    );
    // Not a credit note, another customer's credit note.
    for (const creditNoteExtKey of ['B-RB3X', 'NC-RB4', 'NC-NONE'])
      refused(
        await machine('POST', 'sga/bills/B-RB3/cancellation', { ...reason, creditNoteExtKey }),
        422,
        'credit_note_invalid',
      );
    const done = ok(
      await machine('POST', 'sga/bills/B-RB3/cancellation', { ...reason, creditNoteExtKey: 'NC-RB3' }),
    );
    expect(done.portal).toMatchObject({
      status: 'cancelled',
      cancellation: { reason: 'Letture errate', creditNoteExtKey: 'NC-RB3' },
    });
    const event = (await eventsOf('bill.cancelled')).find((e) => e.customerId === me.customer.id);
    expect(event?.payload).toMatchObject({
      billExtKey: 'B-RB3',
      creditNoteExtKey: 'NC-RB3',
      outstandingCentsBefore: 0,
    });
  });

  it('withdraws a message and an unanswered proposal; one the customer accepted stays theirs', async () => {
    const me = await loadedWithUser(5);
    const message = { version: 1, customerExtKey: 'C-RB5', title: 'Lavori in zona', body: 'Martedì.' };
    expect(outcome(await put('messages/M-RB5', message))).toBe('created');
    const proposal = (title: string) => ({
      version: 1,
      customerExtKey: 'C-RB5',
      title,
      description: 'Prezzo fisso 12 mesi',
    });
    expect(outcome(await put('proposals/PR-RB5', proposal('Offerta ritirata')))).toBe('created');
    expect(outcome(await put('proposals/PR-RB5B', proposal('Offerta accettata')))).toBe('created');

    const inbox = async () =>
      (await me.get(`messages?customerKey=${me.customer.key}`)).json().data.messages as {
        id: string;
        title: string;
      }[];
    const [shown] = await inbox();
    expect(shown?.title).toBe('Lavori in zona');

    const withdrawn = ok(await machine('POST', 'sga/messages/M-RB5/withdrawal', {}));
    expect(withdrawn).toMatchObject({ portal: { title: 'Lavori in zona', read: false } });
    expect(withdrawn.portal.withdrawnAt).not.toBeNull();
    expect(await inbox()).toEqual([]);
    expect((await me.get(`messages/${shown!.id}`)).statusCode).toBe(404);
    refused(await machine('POST', 'sga/messages/M-RB5/withdrawal', {}), 409, 'already_withdrawn');
    expect((await put('messages/M-RB5', { ...message, version: 2 })).json()).toMatchObject({
      message: MESSAGES.record_withdrawn,
    });
    expect(await eventsOf('message.withdrawn')).toHaveLength(1);

    const proposals = async () =>
      (await me.get(`proposals?customerKey=${me.customer.key}`)).json().data.proposals as {
        id: string;
        title: string;
      }[];
    const before = await proposals();
    expect(before.map((p) => p.title).sort()).toEqual(['Offerta accettata', 'Offerta ritirata']);
    const accepted = before.find((p) => p.title === 'Offerta accettata')!;
    const answer = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: me.sessionId,
      body: { id: accepted.id, actionSelected: 'accepted' },
    });
    expect(answer.statusCode, answer.body).toBe(200);

    ok(await machine('POST', 'sga/proposals/PR-RB5/withdrawal', {}));
    expect((await proposals()).map((p) => p.title)).toEqual(['Offerta accettata']);
    const gone = before.find((p) => p.title === 'Offerta ritirata')!;
    const late = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: me.sessionId,
      body: { id: gone.id, actionSelected: 'accepted' },
    });
    expect(late.statusCode).toBe(404);
    refused(await machine('POST', 'sga/proposals/PR-RB5/withdrawal', {}), 409, 'already_withdrawn');
    refused(
      await machine('POST', 'sga/proposals/PR-RB5B/withdrawal', {}),
      409,
      'proposal_answered_by_customer',
    );
    expect(ok(await machine('GET', 'sga/proposals/PR-RB5B'))).toMatchObject({
      portal: { answer: 'accepted', withdrawnAt: null },
    });
    refused(await machine('POST', 'mes/proposals/PR-RB5B/withdrawal', {}, ['mes']), 404, 'record_not_found');
    expect(await eventsOf('proposal.withdrawn')).toHaveLength(1);
  });

  it("carries a message's PDF, rewritten, downloadable by its customer and its link's guest only; too large or not a PDF refused", async () => {
    const me = await loadedWithUser(6);
    const other = await loadedWithUser(7);
    const pdf = await samplePdf('Avviso lavori');
    const message = (attachment: unknown) => ({
      version: 1,
      customerExtKey: 'C-RB6',
      title: 'Avviso con allegato',
      body: 'In allegato i dettagli.',
      attachment,
    });
    expect(
      outcome(
        await put(
          'messages/M-RB6',
          message({ fileName: 'avviso.pdf', contentBase64: pdf.toString('base64') }),
        ),
      ),
    ).toBe('created');
    const [shown] = (await me.get(`messages?customerKey=${me.customer.key}`)).json().data.messages;
    expect(shown.attachment).toEqual({ documentId: expect.any(String) });
    const download = await me.get(`documents/${shown.attachment.documentId}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json().data).toMatchObject({ contentType: 'application/pdf', title: 'avviso.pdf' });
    expect(Buffer.from(download.json().data.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Another customer's session cannot download it.
    const stolen = await other.get(`documents/${shown.attachment.documentId}`);
    expect(stolen.statusCode).toBe(403);
    // With the message, by the message's own call: its customer, and the guest of the message's link
    // (mailed to the customer), who reaches no document otherwise; another message's stays refused.
    const attachmentOf = async (sessionId: string, messageId: string) =>
      call(ctx.app, 'GET', `${ERP}/messages/${messageId}/attachment`, { sessionId });
    const own = await attachmentOf(me.sessionId, shown.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual(download.json().data);
    expect((await attachmentOf(other.sessionId, shown.id)).statusCode).toBe(403);
    await ctx.db.insert(links).values(
      linkRow({
        token: `msg-rb6-${kind}`,
        companyCode: 'sga',
        moduleId: 4,
        entityKey: shown.key,
        customerId: me.customer.id,
      }),
    );
    const guest = await guestSession(ctx.app);
    const followed = await call(ctx.app, 'GET', `portalapi/Core/v1/links/msg-rb6-${kind}`, {
      sessionId: guest,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const asGuest = await attachmentOf(guest, shown.key);
    expect(asGuest.statusCode, asGuest.body).toBe(200);
    expect(asGuest.json().data).toMatchObject({ contentType: 'application/pdf', title: 'avviso.pdf' });
    expect(Buffer.from(asGuest.json().data.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const guestDocument = await call(ctx.app, 'GET', `${ERP}/documents/${shown.attachment.documentId}`, {
      sessionId: guest,
    });
    expect(guestDocument.statusCode).toBe(401);
    expect((await attachmentOf(guest, 'MSG-1')).statusCode).toBe(403);
    // A message without an attachment answers none.
    const [plain] = await ctx.db
      .insert(messages)
      .values({
        customerId: me.customer.id,
        key: `MSG-RB6-PLAIN-${kind}`,
        title: 'Senza allegato',
        body: 'Nulla da scaricare.',
        category: 'info',
        sentAt: new Date(),
      })
      .returning();
    const none = await attachmentOf(me.sessionId, String(plain!.id));
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toBeNull();
    expect(ok(await machine('GET', 'sga/messages/M-RB6'))).toMatchObject({
      portal: { attachment: { fileName: 'avviso.pdf' } },
    });

    const tooLarge = Buffer.concat([pdf, Buffer.alloc(integration.MESSAGE_ATTACHMENT_MAX_BYTES)]);
    const big = await put(
      'messages/M-RB6B',
      message({ fileName: 'grande.pdf', contentBase64: tooLarge.toString('base64') }),
    );
    expect(big.statusCode, big.body).toBe(422);
    expect(big.json()).toMatchObject({ message: MESSAGES.message_attachment_too_large });
    const notPdf = await put(
      'messages/M-RB6C',
      message({ fileName: 'finto.pdf', contentBase64: Buffer.from('<html>ciao</html>').toString('base64') }),
    );
    expect(notPdf.statusCode, notPdf.body).toBe(422);
    expect(notPdf.json()).toMatchObject({ message: MESSAGES.message_attachment_invalid });
  });
});
