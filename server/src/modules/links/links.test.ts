// Entry links (SPEC §4): where each module leads, refusals (unknown, expired, other brand, guest on
// module 1), and a guest session tied to its link reaching that one target and nothing else.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allCalls, fillPath, type Call } from '@sportello/contract';
import { links, sessions } from '@sportello/db/schema';
import { hashLinkToken } from '@sportello/db/link-token';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useMessagingTestApp } from '../../../test/messaging-fixture.js';

const LINKS = 'portalapi/Core/v1/links';

/** A valid request for every `link` call, aimed at mario's entities. */
type Sample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  target: string;
};

const LINK_CALL_SAMPLES: Record<string, Sample> = {
  getMessage: { params: { id: 'MSG-1' }, target: 'msg-mario' },
  getMessageAttachment: { params: { id: 'MSG-1' }, target: 'msg-mario' },
  getProposal: { params: { id: 'PRP-CUR' }, target: 'prp-mario' },
  checkProposalRules: { params: { id: 'PRP-CUR' }, target: 'prp-mario' },
  answerProposal: { body: { id: 'PRP-CUR', actionSelected: 'rejected' }, target: 'prp-mario' },
  executeWorkflowTask: {
    body: { workflowId: 'WF-1', reply: 'confirm', taskName: 'ConfermaAppuntamento' },
    target: 'wf-mario',
  },
  // The self-reading link (read-mario) reaches SUP-1; the suite below holds other links only.
  getReadingWindow: { query: { supplyKey: 'SUP-1' }, target: 'read-mario' },
  insertReadings: {
    body: { supplyKey: 'SUP-1', submissionToken: 'links-suite', values: { EA: '1200', ER: '300' } },
    target: 'read-mario',
  },
};

async function guestFrom(app: Parameters<typeof call>[0], token: string) {
  const guest = await guestSession(app);
  const res = await call(app, 'GET', `${LINKS}/${token}`, { sessionId: guest });
  expect(res.statusCode, res.body).toBe(200);
  return guest;
}

function request(c: Call, sample: Omit<Sample, 'target'> = {}) {
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
  // Every path parameter (id, key…) gets a value; a sample names the ones that matter.
  const anyParams = Object.fromEntries([...c.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, '1']));
  return {
    url: fillPath(c.path, { ...anyParams, ...sample.params }) + query,
    body: c.method === 'POST' || c.method === 'PUT' ? (sample.body ?? {}) : undefined,
  };
}

describe.each(databaseKinds)('entry links on %s', (kind) => {
  const ctx = useMessagingTestApp(kind);

  it.each([
    ['msg-mario', { page: 'message', messageKey: 'MSG-1' }],
    ['pwd-mario', { page: 'password', mode: 'reset' }],
    ['read-mario', { page: 'self-reading', supplyKey: 'SUP-1' }],
    ['prp-mario', { page: 'proposal', proposalKey: 'PRP-CUR' }],
    ['pun-mario', { page: 'pun' }],
    [
      'wf-mario',
      {
        page: 'workflow',
        workflowId: 'WF-1',
        taskName: 'ConfermaAppuntamento',
        replies: ['confirm', 'refuse'],
        reply: null,
      },
    ],
  ])('a guest follows %s to its page, without the customer id', async (token, target) => {
    const guest = await guestSession(ctx.app);
    const res = await call(ctx.app, 'GET', `${LINKS}/${token}`, { sessionId: guest });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ hashCode: token, customerId: null, target });
  });

  it('needs a user for an invoice link, and sends a type-8 bill to its document', async () => {
    const guest = await guestSession(ctx.app);
    const refused = await call(ctx.app, 'GET', `${LINKS}/inv-one`, { sessionId: guest });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Questo link non è utilizzabile senza accedere.');
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${LINKS}/inv-one`, { sessionId: mario });
    expect(res.json().data).toMatchObject({
      module: { id: 1 },
      customerId: String(ctx.fixture.mario.id),
      target: { page: 'document', invoiceKey: 'INV-1' },
    });
  });

  it('leads an unknown module to the error page', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${LINKS}/odd-module`, { sessionId: mario });
    expect(res.json().data.target).toEqual({ page: 'error' });
  });

  it('does not find an unknown link or another brand’s, and says 410 for an expired one', async () => {
    const guest = await guestSession(ctx.app);
    for (const token of ['nope', 'mes-mario', 'x'.repeat(64)]) {
      const res = await call(ctx.app, 'GET', `${LINKS}/${token}`, { sessionId: guest });
      expect(res.statusCode, token).toBe(404);
    }
    const expired = await call(ctx.app, 'GET', `${LINKS}/expired`, { sessionId: guest });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      success: false,
      message: 'Link scaduto, inserire nuovamente i dati',
    });
    const mes = await call(ctx.app, 'GET', `${LINKS}/mes-mario`, {
      sessionId: await guestSession(ctx.app, 'mes'),
    });
    expect(mes.statusCode).toBe(200);
  });

  it('stores only the hash of each token', async () => {
    const rows = await ctx.db.select({ tokenHash: links.tokenHash }).from(links);
    expect(rows.map((r) => r.tokenHash)).toContain(hashLinkToken('msg-mario'));
    expect(rows.map((r) => r.tokenHash)).not.toContain('msg-mario');
  });

  it('ties the guest session to the link it followed', async () => {
    const guest = await guestFrom(ctx.app, 'msg-mario');
    const bound = await ctx.db.select({ linkId: sessions.linkId }).from(sessions);
    const [link] = await ctx.db
      .select()
      .from(links)
      .where(eq(links.tokenHash, hashLinkToken('msg-mario')));
    expect(bound.map((b) => b.linkId)).toContain(link!.id);
    const message = await call(ctx.app, 'GET', 'portalapi/Erp/v1/messages/MSG-1', { sessionId: guest });
    expect(message.statusCode).toBe(200);
    expect(message.json().data.key).toBe('MSG-1');
  });

  it('refuses a guest without a link every link call (401)', async () => {
    const guest = await guestSession(ctx.app);
    const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/messages/MSG-1', { sessionId: guest });
    expect(res.statusCode).toBe(401);
  });

  describe.each(['msg-mario', 'prp-mario', 'wf-mario'])('a guest from %s', (token) => {
    const userCalls = allCalls.filter((c) => c.access === 'user');
    it.each(userCalls.map((c) => [c.name, c] as const))('is refused %s (401)', async (_n, c) => {
      const guest = await guestFrom(ctx.app, token);
      const { url, body } = request(c);
      const res = await call(ctx.app, c.method, url, { sessionId: guest, body });
      expect(res.statusCode).toBe(401);
    });

    const linkCalls = allCalls.filter((c) => c.access === 'link');
    it.each(linkCalls.map((c) => [c.name, c] as const))('reaches %s only for its target', async (name, c) => {
      const sample = LINK_CALL_SAMPLES[name];
      if (!sample) throw new Error(`add a sample request for the link call ${name} to LINK_CALL_SAMPLES`);
      const guest = await guestFrom(ctx.app, token);
      const { url, body } = request(c, sample);
      const res = await call(ctx.app, c.method, url, { sessionId: guest, body });
      if (sample.target === token) expect(res.statusCode, res.body).toBe(200);
      else expect(res.statusCode, res.body).toBe(403);
    });
  });

  it('refuses a guest the other entities of its own link’s module', async () => {
    const message = await guestFrom(ctx.app, 'msg-mario');
    for (const id of ['MSG-2', 'MSG-3', 'MSG-9', 'MSG-404']) {
      const res = await call(ctx.app, 'GET', `portalapi/Erp/v1/messages/${id}`, { sessionId: message });
      expect(res.statusCode, id).toBe(403);
    }
    const proposal = await guestFrom(ctx.app, 'prp-mario');
    for (const id of ['PRP-OPEN', 'PRP-F']) {
      const res = await call(ctx.app, 'GET', `portalapi/Erp/v1/proposals/${id}`, { sessionId: proposal });
      expect(res.statusCode, id).toBe(403);
    }
    const workflow = await guestFrom(ctx.app, 'wf-mario');
    const res = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/workflow/task-execute', {
      sessionId: workflow,
      body: { workflowId: 'WF-2', reply: 'confirm', taskName: 'ConfermaAppuntamento' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('loses the reach once its link has expired', async () => {
    const guest = await guestFrom(ctx.app, 'msg-soon-expired');
    await ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.tokenHash, hashLinkToken('msg-soon-expired')));
    const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/messages/MSG-3', { sessionId: guest });
    expect(res.statusCode).toBe(410);
  });

  it('refuses a logged-in user a link to a customer he does not reach', async () => {
    const franco = await loginAs(ctx.app, 'franco');
    const res = await call(ctx.app, 'GET', `${LINKS}/prp-mario`, { sessionId: franco });
    expect(res.statusCode).toBe(403);
  });
});
