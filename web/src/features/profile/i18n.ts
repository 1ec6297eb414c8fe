// The profile feature's Italian texts (texts.it.json), with the shell's as fallback (ADR 008); a page whose
// texts no other page uses keeps them beside the feature's (texts.<page>.it.json) and loads them alone.
import { withShellTexts } from '../../shared/i18n';
import texts from './texts.it.json';

export const t = withShellTexts(texts);

/** The feature's texts with a page's own (texts.<page>.it.json), for a page whose texts only it uses. */
export const withProfileTexts = <PageTexts extends object>(pageTexts: PageTexts) =>
  withShellTexts({ ...texts, ...pageTexts });
