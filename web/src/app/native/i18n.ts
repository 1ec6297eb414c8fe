// The app's own texts (texts.it.json), loaded with the native chunk only, with the shell's as fallback.
import { withShellTexts } from '../../shared/i18n';
import texts from './texts.it.json';

export const t = withShellTexts(texts);
