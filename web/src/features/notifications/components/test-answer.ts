// Notifications as the server lists them, answered to the components under test through fetch.
import type { Notification } from '@sportello/contract';
import { vi } from 'vitest';

export const notification = (
  id: string,
  customerId: string | null,
  readTime: string | null,
  acceptanceRequired = false,
): Notification => ({
  id,
  customerId,
  title: `Avviso ${id}`,
  createdAt: '2026-01-01T10:00:00.000Z',
  readTime,
  acceptedTime: null,
  readingDate: null,
  confirmationDate: null,
  mn_msg_id: null,
  pushId: null,
  kind: null,
  link: null,
  notificationType: { acceptanceRequired, description: `Testo ${id}`, detail: null },
});

/** The list answer (awaiting acceptance as the server computes it); returns the fetch mock. */
export function answerList(notifications: Notification[]) {
  const listAnswer = () => {
    const unread = notifications.filter((n) => n.readTime === null).length;
    const awaitingAcceptance = notifications.filter(
      (n) => n.notificationType.acceptanceRequired && n.acceptedTime === null,
    );
    return {
      success: true,
      data: { count: notifications.length, unread, awaitingAcceptance, notifications },
    };
  };
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const { request } = JSON.parse(String(init.body)) as {
        request: { id: string; confirmationDate: string };
      };
      const found = notifications.find((n) => n.id === request.id)!;
      Object.assign(found, {
        confirmationDate: request.confirmationDate,
        acceptedTime: request.confirmationDate,
        readTime: request.confirmationDate,
      });
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: found })));
    }
    return Promise.resolve(new Response(JSON.stringify(listAnswer())));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
