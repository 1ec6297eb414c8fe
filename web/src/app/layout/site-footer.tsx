// Footer with the brand's legal entity, its privacy notice and cookie policy (ADR 069) and contact
// links (SPEC §2), and the tariff-band legend that graph pages ask for in their route data
// (`footerLegend`), so it goes with the page.
import { Link } from 'react-router';
import { accessibilityRoutes } from '../../features/accessibility/routes';
import { complaintRoutes } from '../../features/complaints/routes';
import { privacyRoutes } from '../../features/privacy/routes';
import { t } from '../../shared/i18n';
import { useBrand } from '../../shared/brands/use-brand';
import { useAppStore } from '../../shared/state/app-store';
import { ExternalLink } from '../../shared/ui/external-link';
import { showConsentPreferences } from '../consent';

const LEGEND_ITEMS = ['f1', 'f2', 'f3', 'virtuous', 'year_to_date'] as const;

function TariffLegend() {
  return (
    <section className="footer-legend" aria-labelledby="footer-legend-title">
      <h2 id="footer-legend-title" className="footer-legend__title">
        {t('footer.legend.title')}
      </h2>
      <ul>
        {LEGEND_ITEMS.map((item) => (
          <li key={item} className={`footer-legend__item footer-legend__item--${item}`}>
            {t(`footer.legend.${item}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The accessibility statement, which the law wants linked from every page's footer (ADR 032). */
function AccessibilityStatement() {
  return (
    <li>
      <Link to={accessibilityRoutes.statement.to()}>{t('footer.accessibility')}</Link>
    </li>
  );
}

function CookiePreferences() {
  return (
    <li>
      <button type="button" className="link-button" onClick={showConsentPreferences}>
        {t('footer.cookies')}
      </button>
    </li>
  );
}

export function SiteFooter({ legend }: { legend: boolean }) {
  const brand = useBrand();
  // On the brand picker no brand is chosen yet: no company's details speak for the page.
  const brandChosen = useAppStore((state) => state.company !== null);
  if (!brandChosen) {
    return (
      <footer className="site-footer">
        <ul className="site-footer__links">
          <CookiePreferences />
          <AccessibilityStatement />
        </ul>
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      {legend ? <TariffLegend /> : null}
      <ul className="site-footer__links">
        <li>
          <Link to={privacyRoutes.notice.to()}>{t('footer.privacy')}</Link>
        </li>
        <li>
          <Link to={privacyRoutes.cookies.to()}>{t('footer.cookie_policy')}</Link>
        </li>
        <CookiePreferences />
        <li>
          <ExternalLink href={brand.contactsUrl}>{t('footer.contacts')}</ExternalLink>
        </li>
        <li>
          <Link to={complaintRoutes.guest.to()}>{t('footer.complaints')}</Link>
        </li>
        <li>
          <a href={`tel:${brand.helpPhone.replace(/\s/g, '')}`}>
            {t('footer.phone', { phone: brand.helpPhone })}
          </a>
        </li>
        <AccessibilityStatement />
      </ul>
      <p className="site-footer__legal">
        {t('footer.legal', {
          name: brand.legalEntity.name,
          vat: brand.legalEntity.vat,
          address: brand.legalEntity.address,
        })}
      </p>
    </footer>
  );
}
