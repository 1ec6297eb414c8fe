// Consent banner (vanilla-cookieconsent, loaded after the first paint) and the rule that the ad
// pixel sees a page view only once marketing cookies are accepted, and forgets the browser when that
// consent is withdrawn (its cookies and storage keys deleted: ADR 069).
import { t } from '../shared/i18n';
import type * as CookieConsent from 'vanilla-cookieconsent';
import { adPixel } from '../shared/consent/ad-pixel';

let consent: typeof CookieConsent | null = null;
let currentPath = '/';

const marketingAccepted = () => consent?.acceptedCategory('marketing') ?? false;

/** Called on every route change. */
export function trackPageView(path: string): void {
  currentPath = path;
  if (marketingAccepted()) adPixel.pageView(path);
}

export function showConsentPreferences(): void {
  consent?.showPreferences();
}

/**
 * The library keeps Tab inside the consent banner (it wraps from its last button to its first),
 * though the banner is not modal: the page behind must stay reachable by keyboard. Seen first
 * (capture on window), a Tab inside the banner skips the library's wrap and moves on as usual.
 * The preferences window is a real modal dialog and keeps its trap.
 */
function letTabLeaveTheBanner(): void {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || !(event.target instanceof Element)) return;
      if (event.target.closest('#cc-main .cm')) event.stopPropagation();
    },
    true,
  );
}

/** The banner links the brand's cookie policy and privacy notice, product pages in this app. */
export async function startConsentBanner(links: { privacy: string; cookies: string }): Promise<void> {
  const [module] = await Promise.all([
    import('vanilla-cookieconsent'),
    import('vanilla-cookieconsent/dist/cookieconsent.css'),
  ]);
  consent = module;
  letTabLeaveTheBanner();
  // A page view for the page the user is on when consenting; later ones follow route changes.
  const onConsentGiven = () => {
    if (marketingAccepted()) adPixel.pageView(currentPath);
  };
  const onConsentChanged = () => {
    if (marketingAccepted()) adPixel.pageView(currentPath);
    else adPixel.forget();
  };
  await module.run({
    categories: { necessary: { enabled: true, readOnly: true }, marketing: {} },
    // The library hides itself from automated browsers by default; the browser tests need it.
    hideFromBots: false,
    guiOptions: { consentModal: { layout: 'box', position: 'bottom left' } },
    onFirstConsent: onConsentGiven,
    onChange: onConsentChanged,
    language: {
      default: 'it',
      translations: {
        it: {
          consentModal: {
            title: t('consent.title'),
            description: `${t('consent.description')} <a href="${links.cookies}">${t('footer.cookie_policy')}</a> · <a href="${links.privacy}">${t('footer.privacy')}</a>`,
            acceptAllBtn: t('consent.accept_all'),
            acceptNecessaryBtn: t('consent.accept_necessary'),
            showPreferencesBtn: t('consent.show_preferences'),
          },
          preferencesModal: {
            title: t('consent.preferences_title'),
            acceptAllBtn: t('consent.accept_all'),
            acceptNecessaryBtn: t('consent.accept_necessary'),
            savePreferencesBtn: t('consent.save'),
            closeIconLabel: t('consent.close'),
            sections: [
              {
                title: t('consent.necessary_title'),
                description: t('consent.necessary_description'),
                linkedCategory: 'necessary',
              },
              {
                title: t('consent.marketing_title'),
                description: t('consent.marketing_description'),
                linkedCategory: 'marketing',
              },
            ],
          },
        },
      },
    },
  });
}
