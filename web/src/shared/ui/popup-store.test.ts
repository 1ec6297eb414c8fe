import { describe, expect, it } from 'vitest';
import { toPopup } from './popup-store';

describe('popup texts (SPEC §8)', () => {
  it('defaults to the generic error popup with a close button', () => {
    expect(toPopup({}, 1)).toEqual({
      id: 1,
      tone: 'error',
      title: 'Ops! Qualcosa è andato storto.',
      text: 'Se il problema persiste, contattare il servizio clienti.',
      actions: ['close'],
    });
  });

  it("titles a lone text 'Attenzione!'", () => {
    expect(toPopup({ text: 'Nome utente o password non corretti' }, 2)).toMatchObject({
      title: 'Attenzione!',
      text: 'Nome utente o password non corretti',
    });
  });

  it('keeps a given title and text', () => {
    expect(toPopup({ tone: 'warning', title: 'Pagina non trovata' }, 3)).toMatchObject({
      tone: 'warning',
      title: 'Pagina non trovata',
      text: null,
    });
  });
});
