// The shell's Italian texts (SPEC §1: Italian only): chrome, menus, popups, consent, page titles.
// Each feature keeps its own texts beside it (features/<area>/texts.it.json, read through its
// i18n.ts), so a page's chunk carries its words and the first load only the shell's (ADR 008).
import shell from './it.json';
import { createTranslator } from './translator';

export const t = createTranslator(shell);

/** A feature's translator: its own texts first, then the shell's (menus, popups…). */
export const withShellTexts = <Texts extends object>(texts: Texts) =>
  createTranslator<typeof shell & Texts>({ ...shell, ...texts });
