// The privacy feature's Italian texts (texts.it.json), with the shell's as fallback (ADR 008).
import { withShellTexts } from '../../shared/i18n';
import texts from './texts.it.json';

export const t = withShellTexts(texts);
