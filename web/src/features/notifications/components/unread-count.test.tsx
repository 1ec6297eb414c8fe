import type { Customer, Notification } from '@sportello/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, selectCustomer } from '../../../shared/state/app-store';
import UnreadCount from './unread-count';

const customer = { id: 'C1', key: 'K1', account: { name: 'Mario Rossi' } } as Customer;

const notification = (id: string, customerId: string | null, readTime: string | null): Notification => ({
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
  notificationType: { acceptanceRequired: false, description: 'Avviso', detail: null },
});

function answer(notifications: Notification[]) {
  const unread = notifications.filter((n) => n.readTime === null).length;
  const body = {
    success: true,
    data: { count: notifications.length, unread, awaitingAcceptance: [], notifications },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body)))),
  );
}

function renderCount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <UnreadCount />
    </QueryClientProvider>,
  );
  const settled = () =>
    vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
  return { container, settled };
}

describe('unread notification count in the header', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetAppState();
  });

  it("counts the customer's unread notifications and the user's own", async () => {
    selectCustomer(customer);
    answer([
      notification('1', 'C1', null),
      notification('2', null, null),
      notification('3', 'C1', '2026-01-02T10:00:00.000Z'),
      notification('4', 'C2', null),
    ]);
    renderCount();
    expect(await screen.findByText('2 notifiche non lette')).toBeTruthy();
  });

  it('shows nothing when all are read', async () => {
    selectCustomer(customer);
    answer([notification('1', 'C1', '2026-01-02T10:00:00.000Z')]);
    const { container, settled } = renderCount();
    await settled();
    expect(container.textContent).toBe('');
  });
});
