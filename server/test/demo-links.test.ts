// The README's demo links, followed through the API on a seeded database: each lands where SPEC §4
// says, for a guest and for mariorossi; the expired one answers 410.
import { describe, expect, it } from 'vitest';
import { useDemoApp } from './demo-app.js';

describe('demo links', () => {
  const demo = useDemoApp();

  it.each([
    ['demo-message-sga', 'message'],
    ['demo-password-sga', 'password'],
    ['demo-workflow-sga', 'workflow'],
    ['demo-self-reading-sga', 'self-reading'],
    ['demo-proposal-sga', 'proposal'],
    ['demo-pun-sga', 'pun'],
  ])('a guest follows %s to the %s page and reaches its target', async (token, page) => {
    const sessionId = await demo.guest();
    const res = await demo.send('GET', `Core/v1/links/${token}`, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json().data.target;
    expect(target.page).toBe(page);
    if (page === 'message') {
      expect((await demo.send('GET', `Erp/v1/messages/${target.messageKey}`, sessionId)).statusCode).toBe(
        200,
      );
    }
    if (page === 'proposal') {
      expect((await demo.send('GET', `Erp/v1/proposals/${target.proposalKey}`, sessionId)).statusCode).toBe(
        200,
      );
    }
    if (page === 'workflow') {
      expect(target).toMatchObject({ replies: ['confirm', 'reschedule', 'refuse'], reply: null });
    }
    if (page === 'password') expect(target.mode).toBe('reset');
  });

  it('sends demo-invoice to mariorossi’s invoice page, and refuses it to a guest', async () => {
    expect((await demo.send('GET', 'Core/v1/links/demo-invoice-sga', await demo.guest())).statusCode).toBe(
      401,
    );
    const mario = await demo.logIn('mariorossi');
    const res = await demo.send('GET', 'Core/v1/links/demo-invoice-sga', mario);
    expect(res.json().data.target).toMatchObject({ page: 'invoice' });
  });

  it('answers demo-expired with the expired-link message', async () => {
    const res = await demo.send('GET', 'Core/v1/links/demo-expired-sga', await demo.guest());
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Link scaduto, inserire nuovamente i dati');
  });
});
