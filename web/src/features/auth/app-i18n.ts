// Texts of the app-only pages (app login, biometrics): a catalogue of their own, so the website's
// login page does not carry them; the feature's and the shell's texts as fallback.
import { withShellTexts } from '../../shared/i18n';
import texts from './texts.it.json';
import appTexts from './app-texts.it.json';

export const t = withShellTexts({ ...texts, auth: { ...texts.auth, ...appTexts.auth } });
