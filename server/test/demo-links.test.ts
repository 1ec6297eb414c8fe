// The README's demo links, followed through the API on a seeded database: each lands where SPEC §4
// says, for a guest and for mariorossi; the expired one answers 410.
import { todayInRome } from '@sportello/domain';
import { describe, expect, it } from 'vitest';

import { useDemoApp } from './demo-app.js';

// Rome's today, as the server counts it (UTC's is a day behind from 23:00 UTC).
const today = todayInRome(new Date());

describe('demo links', () => {
  const demo = useDemoApp(today);
  const inject = async (method: 'GET' | 'POST', url: string, sessionId?: string, body?: unknown) =>
    demo.app.inject({
      method,
      url: `/services/rest/portalapi/${url}`,
      headers: sessionId ? { sessionid: sessionId } : {},
      ...(body ? { payload: { request: body } } : {}),
    });
  const guest = async () =>
    (await inject('POST', 'Core/v1/sessions', undefined, { company: 'sga' })).json().data.id;

  it.each([
    ['demo-message-sga', 'message'],
    ['demo-password-sga', 'password'],
    ['demo-workflow-sga', 'workflow'],
    ['demo-self-reading-sga', 'self-reading'],
    ['demo-proposal-sga', 'proposal'],
    ['demo-pun-sga', 'pun'],
  ])('a guest follows %s to the %s page and reaches its target', async (token, page) => {
    const sessionId = await guest();
    const res = await inject('GET', `Core/v1/links/${token}`, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json().data.target;
    expect(target.page).toBe(page);
    if (page === 'message') {
      expect((await inject('GET', `Erp/v1/messages/${target.messageKey}`, sessionId)).statusCode).toBe(200);
    }
    if (page === 'proposal') {
      expect((await inject('GET', `Erp/v1/proposals/${target.proposalKey}`, sessionId)).statusCode).toBe(200);
    }
    if (page === 'workflow') {
      expect(target).toMatchObject({ replies: ['confirm', 'reschedule', 'refuse'], reply: null });
    }
    if (page === 'password') expect(target.mode).toBe('reset');
  });

  it('sends demo-invoice to mariorossi’s invoice page, and refuses it to a guest', async () => {
    expect((await inject('GET', 'Core/v1/links/demo-invoice-sga', await guest())).statusCode).toBe(401);
    const login = await inject('POST', 'Core/v1/user/login', await guest(), {
      username: 'mariorossi',
      password: 'Sportello2026!',
    });
    const mario = login.json().data.id;
    const res = await inject('GET', 'Core/v1/links/demo-invoice-sga', mario);
    expect(res.json().data.target).toMatchObject({ page: 'invoice' });
  });

  it('answers demo-expired with the expired-link message', async () => {
    const res = await inject('GET', 'Core/v1/links/demo-expired-sga', await guest());
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Link scaduto, inserire nuovamente i dati');
  });
});
