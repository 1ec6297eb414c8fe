import type { LinkTarget } from '@sportello/contract';
import { describe, expect, it } from 'vitest';
import { linkDestination, pushOpened } from './link-destination';
import { pushLinkPath } from './routes';

describe('where an entry link leads (SPEC §4)', () => {
  it.each([
    [{ page: 'invoices' } as const, { go: '/invoices' }],
    [{ page: 'invoice', invoiceKey: 'INV-1' } as const, { go: '/invoice/INV-1' }],
    [{ page: 'document', invoiceKey: 'INV-8' } as const, { document: 'INV-8' }],
    [{ page: 'message', messageKey: 'MSG 1' } as const, { go: '/messages/MSG%201' }],
    [{ page: 'password', mode: 'create' } as const, { go: '/crea-psw?token=abc%2Fd' }],
    [{ page: 'password', mode: 'reset' } as const, { go: '/recupero-psw?token=abc%2Fd' }],
    [{ page: 'self-reading', supplyKey: 'SUP-2' } as const, { go: '/supplies/SUP-2/autolettura' }],
    [{ page: 'proposal', proposalKey: 'PRP-3' } as const, { go: '/proposals/PRP-3' }],
    [{ page: 'pun' } as const, { go: '/pun' }],
    [{ page: 'error' } as const, { go: '/errore' }],
  ])('%o → %o', (target, destination) => {
    expect(linkDestination(target, 'abc/d')).toEqual(destination);
  });

  it('keeps the workflow reply on the link page', () => {
    const target: LinkTarget = {
      page: 'workflow',
      workflowId: 'WF-1',
      taskName: 'appointment',
      title: 'Appuntamento',
      description: 'Confermi?',
      replies: ['confirm', 'refuse'],
      reply: null,
    };
    expect(linkDestination(target, 'x')).toEqual({ workflow: target });
  });

  it('reads the push ids only when all three are there', () => {
    expect(pushOpened(new URLSearchParams('notification=7&mn_msg_id=MN-1&pushId=P-1'))).toEqual({
      notificationId: '7',
      mnMsgId: 'MN-1',
      pushId: 'P-1',
    });
    expect(pushOpened(new URLSearchParams('notification=7&mn_msg_id=MN-1'))).toBeNull();
  });

  it('reads back what a tapped push writes', () => {
    const push = { notificationId: 'N 1', mnMsgId: 'MN&1', pushId: 'p/1' };
    const path = pushLinkPath('abc', push);
    expect(pushOpened(new URL(path, 'http://portale').searchParams)).toEqual(push);
    expect(pushLinkPath('abc', null)).toBe('/link/abc');
  });
});
