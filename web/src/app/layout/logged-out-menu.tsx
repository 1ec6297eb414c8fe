// Logged-out menu (SPEC §2): the brand's site links and a button to the login page.
import { t } from '../../shared/i18n';
import { Link } from 'react-router';
import { authRoutes } from '../../features/auth/routes';
import { useBrand } from '../../shared/brands/use-brand';
import { ExternalLink } from '../../shared/ui/external-link';

export function LoggedOutMenu({ onNavigate }: { onNavigate?: () => void }) {
  const brand = useBrand();
  return (
    <nav className="site-links" aria-label={t('menu.site_links')}>
      <ul className="site-links__list">
        {brand.siteLinks.map((link) => (
          <li key={link.key}>
            <ExternalLink href={link.url} className="site-links__link">
              {t(`brand.site_links.${link.key}`)}
            </ExternalLink>
          </li>
        ))}
      </ul>
      <Link
        to={authRoutes.login.to()}
        className="button button--primary site-links__login"
        onClick={onNavigate}
      >
        {t('menu.login')}
      </Link>
    </nav>
  );
}
