// The form kit's Italian texts (SPEC §5 messages and the buttons every form has). Loaded with the
// first form, not with the shell (ADR 008).
import { createTranslator } from '../i18n/translator';
import texts from './texts.it.json';

export const t = createTranslator(texts);
