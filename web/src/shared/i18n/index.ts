// The one Italian catalogue (SPEC §1: Italian only), loaded synchronously so the first render is
// already translated.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from './it.json';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  resources: { it: { translation: it } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
