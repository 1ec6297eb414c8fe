import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcceptancePopup } from './acceptance-popup';
import { answerList, notification } from './test-answer';

function renderPopup(path = '/dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <button type="button">Altro sulla pagina</button>
        <AcceptancePopup />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const puts = (fetch: ReturnType<typeof answerList>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('the blocking acceptance popup (SPEC §4)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('stays open on Escape and on a click outside, and keeps the focus inside', async () => {
    answerList([notification('9', null, null, true)]);
    renderPopup();
    const dialog = await screen.findByRole('alertdialog', { name: 'Avviso 9' });
    expect(dialog.textContent).toContain('Testo 9');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Not a trap: besides 'Accetto', a way out (log out) and a way on (decide later).
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Esci',
      'Decido più tardi',
      'Accetto',
    ]);
  });

  it('is set aside by "Decido più tardi" without accepting it', async () => {
    // Its own id: what is set aside stays aside for the whole page load, so for this file too.
    const fetch = answerList([notification('8', null, null, true)]);
    renderPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'Decido più tardi' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(fetch)).toEqual([]);
    await screen.findByRole('button', { name: 'Altro sulla pagina' });
  });

  it('links the conditions to accept, in a new tab, and stays off their page so they can be read', async () => {
    answerList([notification('9', null, null, true)]);
    renderPopup();
    const link = await screen.findByRole('link', { name: /Leggi le condizioni generali di fornitura/ });
    expect(link.getAttribute('href')).toBe('/condizioni-generali');
    expect(link.getAttribute('target')).toBe('_blank');
    cleanup();
    const fetch = answerList([notification('9', null, null, true)]);
    renderPopup('/condizioni-generali');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await screen.findByRole('button', { name: 'Altro sulla pagina' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes once accepted, after one confirmation however many taps', async () => {
    const fetch = answerList([notification('9', null, null, true)]);
    renderPopup();
    const accept = await screen.findByRole('button', { name: 'Accetto' });
    fireEvent.click(accept);
    fireEvent.click(accept);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(fetch)).toHaveLength(1);
    const sent = JSON.parse(String(puts(fetch)[0]![1]!.body)) as { request: Record<string, string> };
    expect(sent.request).toEqual({ id: '9', confirmationDate: expect.any(String) });
  });

  it('shows the next one to accept after the first, and nothing when none waits', async () => {
    answerList([notification('1', null, null, true), notification('2', null, null, true)]);
    renderPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'Accetto' }));
    expect(await screen.findByRole('alertdialog', { name: 'Avviso 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accetto' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows nothing for notifications that need no acceptance', async () => {
    const fetch = answerList([notification('1', null, null)]);
    renderPopup();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
