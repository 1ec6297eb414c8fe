// Error and warning popups (SPEC §8), queued so that two failures never hide each other.
import { create } from 'zustand';
import { t } from '../i18n';

export type PopupTone = 'error' | 'warning';
export type PopupAction = 'close' | 'reload';

export interface Popup {
  id: number;
  tone: PopupTone;
  title: string;
  text: string | null;
  actions: readonly PopupAction[];
}

export interface PopupInput {
  tone?: PopupTone;
  title?: string;
  text?: string;
  actions?: readonly PopupAction[];
}

let nextId = 1;

export const usePopupStore = create<{ queue: readonly Popup[] }>()(() => ({ queue: [] }));

/**
 * With no texts: the default error popup. With a text and no title: that text under 'Attenzione!'.
 */
export function toPopup(input: PopupInput, id: number): Popup {
  const tone = input.tone ?? 'error';
  const actions = input.actions ?? ['close'];
  if (input.title === undefined && input.text === undefined) {
    return { id, tone, title: t('popup.error_title'), text: t('popup.error_text'), actions };
  }
  if (input.title === undefined) {
    return { id, tone, title: t('popup.warning_title'), text: input.text ?? null, actions };
  }
  return { id, tone, title: input.title, text: input.text ?? null, actions };
}

export function showPopup(input: PopupInput = {}): void {
  const popup = toPopup(input, nextId++);
  usePopupStore.setState((state) => ({ queue: [...state.queue, popup] }));
}

export function closePopup(id: number): void {
  usePopupStore.setState((state) => ({ queue: state.queue.filter((popup) => popup.id !== id) }));
}
