// The console's Italian texts: its own catalogue, not the customer app's (ADR 041). Each area of the
// console may keep its texts in its own file: one import and one spread line each.
import { createTranslator } from '../shared/i18n/translator';
import texts from './texts.it.json';
import queueTexts from './queues/texts.it.json';
import accountTexts from './customer-account/texts.it.json';
import viewTexts from './customer-view/texts.it.json';
import passkeyTexts from './passkeys/texts.it.json';

export const t = createTranslator({
  ...texts,
  ...queueTexts,
  ...accountTexts,
  ...viewTexts,
  ...passkeyTexts,
});
