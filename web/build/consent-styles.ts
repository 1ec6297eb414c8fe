// The consent library's stylesheet declares its custom properties (colours, sizes) on :root.
// Loaded once the page is up (app/consent.ts), that changes a value every element inherits, so
// the browser restyles and lays out the whole page in one task: the login page's longest, and
// hundreds of milliseconds on a throttled phone. Declared on the banner's own element,
// only the banner is styled. :where() gives the rule no weight, so the brand's own `#cc-main`
// values (styles/global.css) keep winning whichever sheet loads last.
import type { Plugin } from 'vite';

const LIBRARY_SHEET = /vanilla-cookieconsent\/dist\/cookieconsent\.css$/;
const ROOT_RULE = ':root{';

export function consentStylesOnBanner(): Plugin {
  return {
    name: 'sportello-consent-styles-on-banner',
    enforce: 'pre',
    transform(code, id) {
      if (!LIBRARY_SHEET.test(id)) return null;
      // A library update that moves its variables elsewhere must be looked at, not shipped blind.
      if (code.split(ROOT_RULE).length !== 2)
        throw new Error(`${id}: expected one "${ROOT_RULE}" rule holding the banner's variables`);
      return { code: code.replace(ROOT_RULE, ':where(#cc-main){'), map: null };
    },
  };
}
