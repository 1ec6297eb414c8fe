// The passkey and step-up texts, loaded with the ceremonies, not with the shell (ADR 008).
import { createTranslator } from '../i18n/translator';
import texts from './texts.it.json';

export const t = createTranslator(texts);
