// The one-time code form (SPEC §5): a code that is not 4 digits never reaches the server; the 5th
// wrong code says the code is now locked and a new one is needed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingCheck } from '../api/profile-api';
import { OtpForm } from './otp-form';

function answerVerification(data: { matches: boolean; outcome: string; attemptsLeft: number }) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, data }))));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <OtpForm channel="phone" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const submit = (code: string) => {
  fireEvent.change(screen.getByLabelText(/Codice di verifica/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verifica' }));
};

describe('OtpForm', () => {
  beforeEach(() => {
    localStorage.clear();
    pendingCheck.write('phone', 'wf-1', '+39 333 987 6543');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps a 3-digit code in the browser with the wrong-code message', async () => {
    const fetch = answerVerification({ matches: false, outcome: 'wrong', attemptsLeft: 4 });
    renderForm();
    submit('123');
    expect(await screen.findByText('Il codice non è corretto')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the code is locked after the last wrong try', async () => {
    const fetch = answerVerification({ matches: false, outcome: 'wrong', attemptsLeft: 0 });
    renderForm();
    submit('1234');
    expect(await screen.findByText('Hai superato i tentativi: richiedi un nuovo codice.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
