// Focus after a dialog closes goes back to its opener, even when focus had fallen to <body>
// while the opener was disabled (a form being sent) when the dialog opened.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFocus } from './focus-opener';
import { ModalDialog } from './modal-dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Invia
      </button>
      {open ? (
        <ModalDialog open onClose={() => setOpen(false)} title="Errore" className="dialog">
          <button type="button" onClick={() => setOpen(false)}>
            Chiudi
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe('ModalDialog', () => {
  afterEach(cleanup);

  it('gives focus back to the button that opened it, not to <body>', async () => {
    watchFocus();
    render(<Page />);
    const send = screen.getByRole('button', { name: 'Invia' });
    send.focus();
    // While the request runs the button is disabled and focus falls to <body>.
    act(() => send.blur());
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(send);
    const close = await screen.findByRole('button', { name: 'Chiudi' });
    fireEvent.click(close);
    await waitFor(() => expect(document.activeElement).toBe(send));
  });
});
