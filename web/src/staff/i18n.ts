// The console's Italian texts: its own catalogue, not the customer app's (ADR 041).
import { createTranslator } from '../shared/i18n/translator';
import texts from './texts.it.json';

export const t = createTranslator(texts);
