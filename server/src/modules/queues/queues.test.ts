// The work queues (ADR 042) through app.inject on PGlite and PostgreSQL: the list with its clocks,
// answers that reach the customer (complaint page, Pratiche, Messaggi, the notice job), one winner of
// two operators at once, another brand's item and a role that may not refused, bad input in Italian (the contract's 400),
// and the audit holding every action. Who may call what at all is the generated access suite's.
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  complaints,
  delegationRequests,
  delegations,
  jobs,
  messages,
  requests,
  staffAudit,
  staffWork,
} from '@sportello/db/schema';
import { databaseKinds } from '../../../test/databases.js';
import { loginAs } from '../../../test/app.js';
import {
  insertComplaint,
  insertDelegation,
  insertReadingAnomaly,
  insertWriteUs,
} from '../../../test/queue-items.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { staffCall, staffSession } from '../../../test/staff.js';

const DAY = 86_400_000;

describe.each(databaseKinds)('work queues (%s)', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const itemUrl = (customerId: number, itemKind: string, id: number, action = '') =>
    `staff/v1/customers/${customerId}/queue/${itemKind}/${id}${action ? `/${action}` : ''}`;
  const auditOf = (action: string) =>
    ctx.db.select().from(staffAudit).where(eq(staffAudit.action, action)).orderBy(asc(staffAudit.id));

  it('lists the brand’s open items oldest first with their clocks, filtered by queue and state', async () => {
    const mario = ctx.fixture.mario.id;
    const old = await insertComplaint(ctx.db, mario, new Date(Date.now() - 40 * DAY));
    const fresh = await insertWriteUs(ctx.db, mario, new Date(Date.now() - DAY));
    const other = await insertWriteUs(ctx.db, ctx.fixture.mesCustomer.id, new Date(), 'mes');
    const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);

    const all = await staffCall(ctx.app, 'GET', 'staff/v1/queue', { staffSessionId: sessionId });
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json().data.items as { item: string; kind: string; daysLeft: number; queue: string }[];
    // A complaint and a request may share an id: each is found in its own queue.
    const mine = items.filter(
      (i) =>
        (i.queue === 'complaint' && i.item === String(old.id)) ||
        (i.queue === 'writeUs' && i.item === String(fresh.id)),
    );
    expect(mine.map((i) => i.queue)).toEqual(['complaint', 'writeUs']);
    expect(mine[0]!.daysLeft).toBeLessThan(0); // 30 days for a billing complaint, filed 40 days ago
    expect(mine[1]!.daysLeft).toBe(29);
    expect(items.some((i) => i.kind === 'request' && i.item === String(other.id))).toBe(false);
    const openedAt = items.map((i) => (i as unknown as { openedAt: string }).openedAt);
    expect([...openedAt].sort()).toEqual(openedAt);

    const overdue = await staffCall(ctx.app, 'GET', 'staff/v1/queue?state=overdue&queue=complaint', {
      staffSessionId: sessionId,
    });
    const overdueItems = overdue.json().data.items as { item: string; daysLeft: number }[];
    expect(overdueItems.map((i) => i.item)).toContain(String(old.id));
    expect(overdueItems.every((i) => i.daysLeft < 0)).toBe(true);
    const writeUs = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=writeUs', {
      staffSessionId: sessionId,
    });
    expect((writeUs.json().data.items as { queue: string }[]).every((i) => i.queue === 'writeUs')).toBe(true);
  });

  it('answers a complaint: the customer’s complaint shows it, a message and its notice, the audit row', async () => {
    const mario = ctx.fixture.mario.id;
    const complaint = await insertComplaint(ctx.db, mario);
    const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const answer = 'Abbiamo verificato: la bolletta è corretta, ecco il dettaglio.';
    const res = await staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'answer'), {
      staffSessionId: sessionId,
      body: { version: 0, answer },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      answer,
      item: { status: 'Risposto', daysLeft: null, version: 1 },
    });

    const customer = await loginAs(ctx.app, 'mario');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/services/rest/portalapi/Erp/v1/complaints/${complaint.key}`,
      headers: { sessionid: customer },
    });
    expect(page.json().data).toMatchObject({ state: 'answered', answer, daysLeft: null });
    const [message] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario), like(messages.body, `%${complaint.key}%`)));
    expect(message).toMatchObject({ title: 'Risposta al tuo reclamo' });
    expect(message!.body).toContain(answer);
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `integration.notice:staff-answer:complaint:${complaint.id}`));
    expect(job).toMatchObject({ kind: 'integration.notice', status: 'done' });
    const audit = (await auditOf('queue_answer')).filter((a) => a.detail.item === complaint.id);
    expect(audit).toEqual([expect.objectContaining({ customerId: mario })]);
  });

  it('answers a write-us message: the request is closed with the answer in Pratiche, and a message', async () => {
    const mario = ctx.fixture.mario.id;
    const request = await insertWriteUs(ctx.db, mario);
    const { sessionId } = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const answer = 'Buongiorno, la lettura si comunica dal portale entro il 5 del mese.';
    const res = await staffCall(ctx.app, 'POST', itemUrl(mario, 'request', request.id, 'answer'), {
      staffSessionId: sessionId,
      body: { version: 0, answer },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({ status: 'Chiuso', answer });
    expect(row!.closedDate).not.toBeNull();
    const sent = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario), like(messages.body, `%${request.key}%`)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(answer);
  });

  it('two operators answering at once: one wins, the other 409 in Italian, one answer and one message', async () => {
    const mario = ctx.fixture.mario.id;
    const complaint = await insertComplaint(ctx.db, mario);
    const [a, b] = await Promise.all([
      staffSession(ctx.app, ctx.db, 'operator', ['sga']),
      staffSession(ctx.app, ctx.db, 'operator', ['sga']),
    ]);
    const answers = await Promise.all(
      [a, b].map((s, i) =>
        staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'answer'), {
          staffSessionId: s.sessionId,
          body: { version: 0, answer: `Risposta ${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json().message).toBe(
      'Un collega ha appena modificato questa pratica: ricarica la pagina e riprova.',
    );
    const sent = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario), like(messages.body, `%${complaint.key}%`)));
    expect(sent).toHaveLength(1);
    // A second answer with the new version finds it answered: nothing changes.
    const again = await staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'answer'), {
      staffSessionId: a.sessionId,
      body: { version: 1, answer: 'Ancora' },
    });
    expect(again.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(row!.answer).toMatch(/^Risposta [01]$/);
  });

  it('takes, passes and holds: an operator cannot take a colleague’s item, a supervisor reassigns', async () => {
    const mario = ctx.fixture.mario.id;
    const request = await insertWriteUs(ctx.db, mario);
    const first = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const second = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const boss = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const url = itemUrl(mario, 'request', request.id, 'assign');
    const taken = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: first.sessionId,
      body: { version: 0 },
    });
    expect(taken.json().data.item.assignee.username).toBe(first.username);
    const stolen = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: second.sessionId,
      body: { version: 1 },
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(
      'La pratica è assegnata a un collega: solo un supervisore può riassegnarla.',
    );
    const unknown = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: boss.sessionId,
      body: { version: 1, assignee: 'nessuno.sconosciuto' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'assignee' });
    const moved = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: boss.sessionId,
      body: { version: 1, assignee: second.username },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.item).toMatchObject({ assignee: { username: second.username }, version: 2 });
    const mine = await staffCall(ctx.app, 'GET', 'staff/v1/queue?state=mine', {
      staffSessionId: second.sessionId,
    });
    expect((mine.json().data.items as { item: string }[]).map((i) => i.item)).toEqual([String(request.id)]);
    expect((await auditOf('queue_assign')).filter((r) => r.detail.item === request.id)).toHaveLength(2);
  });

  it('moves a request through its phases, escalates, and the supervisor sees it at risk', async () => {
    const mario = ctx.fixture.mario.id;
    const request = await insertWriteUs(ctx.db, mario);
    const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const phase = await staffCall(ctx.app, 'POST', itemUrl(mario, 'request', request.id, 'phase'), {
      staffSessionId: sessionId,
      body: { version: 0, status: 'InLavorazione' },
    });
    expect(phase.statusCode, phase.body).toBe(200);
    expect(phase.json().data.item.status).toBe('InLavorazione');
    const escalated = await staffCall(ctx.app, 'POST', itemUrl(mario, 'request', request.id, 'escalate'), {
      staffSessionId: sessionId,
      body: { version: 1, reason: 'Il cliente chiede un rimborso fuori procedura.' },
    });
    expect(escalated.statusCode, escalated.body).toBe(200);
    expect(escalated.json().data.escalation).toMatchObject({
      reason: 'Il cliente chiede un rimborso fuori procedura.',
    });
    const boss = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const risk = await staffCall(ctx.app, 'GET', 'staff/v1/queue/at-risk', {
      staffSessionId: boss.sessionId,
    });
    expect((risk.json().data.items as { item: string }[]).map((i) => i.item)).toContain(String(request.id));
    // The operator may not open the supervisor's view.
    const refused = await staffCall(ctx.app, 'GET', 'staff/v1/queue/at-risk', { staffSessionId: sessionId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Il tuo ruolo non permette questa operazione.');
    // A complaint has no phases.
    const complaint = await insertComplaint(ctx.db, mario);
    const noPhase = await staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'phase'), {
      staffSessionId: sessionId,
      body: { version: 0, status: 'Chiuso' },
    });
    expect(noPhase.statusCode).toBe(422);
    expect(noPhase.json().message).toBe('Questa pratica non ha fasi: si chiude con la risposta.');
  });

  it('refuses another brand’s item, an item of another customer, and bad input, changing nothing', async () => {
    const mario = ctx.fixture.mario.id;
    const complaint = await insertComplaint(ctx.db, mario);
    const stranger = await staffSession(ctx.app, ctx.db, 'operator', ['mes']);
    const other = await staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'answer'), {
      staffSessionId: stranger.sessionId,
      body: { version: 0, answer: 'Non dovrei poter rispondere.' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Questo cliente è di un marchio che non ti è assegnato.');

    const { sessionId, id: operatorId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const wrongCustomer = await staffCall(
      ctx.app,
      'POST',
      itemUrl(ctx.fixture.anna.id, 'complaint', complaint.id, 'answer'),
      { staffSessionId: sessionId, body: { version: 0, answer: 'Cliente sbagliato.' } },
    );
    expect(wrongCustomer.statusCode).toBe(404);
    for (const [answer, message] of [
      ['   ', 'Scrivi la risposta per il cliente.'],
      ['k', 'La risposta è troppo breve: scrivi almeno 2 caratteri.'],
      ['x'.repeat(4001), 'La risposta può avere al massimo 4000 caratteri.'],
      ['Risposta\u0000nascosta', undefined],
    ] as const) {
      const bad = await staffCall(ctx.app, 'POST', itemUrl(mario, 'complaint', complaint.id, 'answer'), {
        staffSessionId: sessionId,
        body: { version: 0, answer },
      });
      // The contract's validation answers bad input with 400 and the field's Italian message.
      expect(bad.statusCode).toBe(400);
      if (message) expect(bad.json().errors[0]).toMatchObject({ field: 'answer', message });
    }
    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(row!.answer).toBeNull();
    // Every refusal is in the audit: the other brand's, the wrong customer's, the four bad answers.
    const refusals = await auditOf('refused');
    expect(refusals.filter((r) => r.staffUserId === stranger.id)).toHaveLength(1);
    expect(refusals.filter((r) => r.staffUserId === operatorId).map((r) => r.detail.status)).toEqual([
      404, 400, 400, 400, 400,
    ]);
  });

  it('a delegation request: listed with its 7-day clock, taken, confirmed by a supervisor only, then closed', async () => {
    const anna = ctx.fixture.anna.id;
    const request = await insertDelegation(ctx.db, ctx.fixture.francoUser.id, anna);
    const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const list = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=delegation', {
      staffSessionId: operator.sessionId,
    });
    const listed = (list.json().data.items as { item: string; queue: string; daysLeft: number }[]).find(
      (i) => i.item === String(request.id),
    );
    expect(listed).toMatchObject({ queue: 'delegation', daysLeft: 7 });

    const url = (action = '') => itemUrl(anna, 'delegation', request.id, action);
    const page = await staffCall(ctx.app, 'GET', url(), { staffSessionId: operator.sessionId });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      delegate: 'franco',
      item: { what: 'Richiesta di delega di franco', status: 'Aperto' },
    });
    expect(page.json().data.body).toMatch(/chiede di poter gestire/);
    // Another brand's operator does not reach it.
    const stranger = await staffSession(ctx.app, ctx.db, 'operator', ['mes']);
    expect((await staffCall(ctx.app, 'GET', url(), { staffSessionId: stranger.sessionId })).statusCode).toBe(
      403,
    );
    // Two operators taking it at once: one holds it, the other is told.
    const other = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const takes = await Promise.all(
      [operator, other].map((s) =>
        staffCall(ctx.app, 'POST', url('assign'), { staffSessionId: s.sessionId, body: { version: 0 } }),
      ),
    );
    expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holder = takes[0]!.statusCode === 200 ? operator : other;
    // A delegation is confirmed, not answered nor moved through phases.
    for (const [action, body] of [
      ['answer', { version: 1, answer: 'Confermata.' }],
      ['phase', { version: 1, status: 'Chiuso' }],
    ] as const) {
      const refused = await staffCall(ctx.app, 'POST', url(action), {
        staffSessionId: holder.sessionId,
        body,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/Una richiesta di delega non si risponde/);
    }
    // The operator may not confirm it; the supervisor does, through the account's fix.
    const confirm = { delegate: 'franco', reason: 'Il cliente ha confermato la delega per telefono.' };
    const byOperator = await staffCall(ctx.app, 'POST', `staff/v1/customers/${anna}/account/delegation`, {
      staffSessionId: holder.sessionId,
      body: confirm,
    });
    expect(byOperator.statusCode).toBe(403);
    const [still] = await ctx.db
      .select()
      .from(delegationRequests)
      .where(eq(delegationRequests.id, request.id));
    expect(still!.status).toBe('pending');
    const boss = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const bySupervisor = await staffCall(ctx.app, 'POST', `staff/v1/customers/${anna}/account/delegation`, {
      staffSessionId: boss.sessionId,
      body: confirm,
    });
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(200);
    const granted = await ctx.db
      .select()
      .from(delegations)
      .where(and(eq(delegations.userId, ctx.fixture.francoUser.id), eq(delegations.customerId, anna)));
    expect(granted).toHaveLength(1);
    const after = await staffCall(ctx.app, 'GET', url(), { staffSessionId: boss.sessionId });
    expect(after.json().data.item).toMatchObject({ status: 'Confermata', daysLeft: null });
    const open = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=delegation', {
      staffSessionId: boss.sessionId,
    });
    expect((open.json().data.items as { item: string }[]).map((i) => i.item)).not.toContain(
      String(request.id),
    );
    const late = await staffCall(ctx.app, 'POST', url('escalate'), {
      staffSessionId: boss.sessionId,
      body: { version: 1, reason: 'Serve un controllo.' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('a reading anomaly: listed, answered once (Messaggi and its notice), refusals changing nothing', async () => {
    const mario = ctx.fixture.mario.id;
    const refused = await insertReadingAnomaly(ctx.db, mario, 'refused');
    const flagged = await insertReadingAnomaly(ctx.db, mario, 'implausible', new Date(Date.now() - 2 * DAY));
    const [a, b] = await Promise.all([
      staffSession(ctx.app, ctx.db, 'operator', ['sga']),
      staffSession(ctx.app, ctx.db, 'operator', ['sga']),
    ]);
    const list = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=reading', {
      staffSessionId: a.sessionId,
    });
    const items = (list.json().data.items as { item: string; what: string; daysLeft: number }[]).filter((i) =>
      [String(refused.id), String(flagged.id)].includes(i.item),
    );
    expect(items).toEqual([
      expect.objectContaining({ what: `Autolettura anomala: ${flagged.pointCode}`, daysLeft: 8 }),
      expect.objectContaining({ what: `Autolettura rifiutata: ${refused.pointCode}`, daysLeft: 10 }),
    ]);
    const url = (action = '') => itemUrl(mario, 'reading', refused.id, action);
    const page = await staffCall(ctx.app, 'GET', itemUrl(mario, 'reading', flagged.id), {
      staffSessionId: a.sessionId,
    });
    expect(page.json().data.body).toMatch(/F1: consumo dichiarato 9000, atteso circa 300/);
    // The supplier's reason keeps its own full stop, and gets no second one.
    const refusedPage = await staffCall(ctx.app, 'GET', url(), { staffSessionId: a.sessionId });
    expect(refusedPage.json().data.body).toContain(
      'Rifiutata dal sistema di fatturazione: Lettura non compatibile con il contatore.',
    );
    expect(refusedPage.json().data.body).not.toContain('..');

    // Refused, changing nothing: another brand's operator, an answer of one character, a phase.
    const stranger = await staffSession(ctx.app, ctx.db, 'operator', ['mes']);
    const answer = { version: 0, answer: 'Il contatore risulta sostituito: la rileggeremo noi.' };
    const foreign = await staffCall(ctx.app, 'POST', url('answer'), {
      staffSessionId: stranger.sessionId,
      body: answer,
    });
    expect(foreign.statusCode).toBe(403);
    const short = await staffCall(ctx.app, 'POST', url('answer'), {
      staffSessionId: a.sessionId,
      body: { version: 0, answer: 'x' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({
      field: 'answer',
      message: 'La risposta è troppo breve: scrivi almeno 2 caratteri.',
    });
    const phase = await staffCall(ctx.app, 'POST', url('phase'), {
      staffSessionId: a.sessionId,
      body: { version: 0, status: 'Chiuso' },
    });
    expect(phase.statusCode).toBe(422);
    expect(
      await ctx.db
        .select()
        .from(staffWork)
        .where(and(eq(staffWork.itemKind, 'reading'), eq(staffWork.itemId, refused.id))),
    ).toEqual([]);

    // Two operators answering at once: one answer, one message, the other 409.
    const answers = await Promise.all(
      [a, b].map((s) =>
        staffCall(ctx.app, 'POST', url('answer'), { staffSessionId: s.sessionId, body: answer }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!;
    expect(won.json().data).toMatchObject({
      answer: answer.answer,
      item: { status: 'Risposto', daysLeft: null },
    });
    const sent = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, mario), eq(messages.title, 'Risposta sulla tua autolettura')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(refused.pointCode);
    expect(sent[0]!.body).toContain(answer.answer);
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `integration.notice:staff-answer:reading:${refused.id}`));
    expect(job).toMatchObject({ status: 'done' });
    const again = await staffCall(ctx.app, 'POST', url('answer'), {
      staffSessionId: a.sessionId,
      body: { version: 1, answer: 'Seconda risposta.' },
    });
    expect(again.statusCode).toBe(409);
    const open = await staffCall(ctx.app, 'GET', 'staff/v1/queue?queue=reading', {
      staffSessionId: a.sessionId,
    });
    expect((open.json().data.items as { item: string }[]).map((i) => i.item)).not.toContain(
      String(refused.id),
    );
    expect((await auditOf('queue_answer')).filter((r) => r.detail.kind === 'reading')).toHaveLength(1);
  });
});
