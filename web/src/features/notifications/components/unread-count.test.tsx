import type { Customer } from '@sportello/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, selectCustomer } from '../../../shared/state/app-store';
import { answerList, notification } from './test-answer';
import { UnreadCount } from './unread-count';

const customer = { id: 'C1', key: 'K1', account: { name: 'Mario Rossi' } } as Customer;

function renderCount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <UnreadCount />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return () => vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
}

describe('unread notification count in the header', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetAppState();
  });

  it("counts the customer's unread notifications and the user's own, and opens the centre", async () => {
    selectCustomer(customer);
    answerList([
      notification('1', 'C1', null),
      notification('2', null, null),
      notification('3', 'C1', '2026-01-02T10:00:00.000Z'),
      notification('4', 'C2', null),
    ]);
    renderCount();
    const link = await screen.findByRole('link', { name: '2 notifiche non lette' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.querySelector('.unread-count__badge')?.textContent).toBe('2');
  });

  it('shows the bell without a number when all are read', async () => {
    selectCustomer(customer);
    answerList([notification('1', 'C1', '2026-01-02T10:00:00.000Z')]);
    const settled = renderCount();
    await settled();
    const link = screen.getByRole('link', { name: 'Notifiche' });
    expect(link.querySelector('.unread-count__badge')).toBeNull();
  });
});
