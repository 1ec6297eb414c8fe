import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RootErrorBoundary } from './root-error-boundary';

vi.mock('./error-reporting', () => ({ reportError: vi.fn() }));

function Broken(): never {
  throw new Error('render failure');
}

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(pathname: string, key = 'first') {
  return render(
    <MemoryRouter initialEntries={[pathname]}>
      <Routes>
        <Route path="/errore" element={<Where />} />
        <Route
          path="*"
          element={
            <RootErrorBoundary locationKey={key} pathname={pathname}>
              <Broken />
            </RootErrorBoundary>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('root error boundary (SPEC §8: uncaught failure goes to /errore)', () => {
  afterEach(cleanup);
  // React logs caught render errors; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('reports the failure and goes to /errore', async () => {
    const { reportError } = await import('./error-reporting');
    renderAt('/supplies/1');
    expect(await screen.findByText('at /errore')).toBeTruthy();
    expect(reportError).toHaveBeenCalled();
  });

  it('shows a plain message when the error page itself fails', () => {
    render(
      <MemoryRouter initialEntries={['/errore']}>
        <RootErrorBoundary locationKey="k" pathname="/errore">
          <Broken />
        </RootErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Si è verificato un errore, riprova. Grazie!');
  });

  it('renders the next location normally after a failure', () => {
    const { rerender } = render(
      <MemoryRouter>
        <RootErrorBoundary locationKey="a" pathname="/errore">
          <Broken />
        </RootErrorBoundary>
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter>
        <RootErrorBoundary locationKey="b" pathname="/dashboard">
          <p>dashboard</p>
        </RootErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('dashboard')).toBeTruthy();
  });
});
