// Header: skip link, logo, and the menu (drawer below 992 px, inline above); a logged-in user
// with no menu yet (no customer chosen, error pages) gets 'Esci' instead, so no page traps them.
import { t } from '../../shared/i18n';
import { Link } from 'react-router';
import { authRoutes } from '../../features/auth/routes';
import { profileRoutes } from '../../features/profile/routes';
import { BrandLogo } from '../../shared/brands/brand-logo';
import { useBrand } from '../../shared/brands/use-brand';
import { useAppStore } from '../../shared/state/app-store';
import { HeaderItems } from './header-items';
import { LoggedOutMenu } from './logged-out-menu';
import { MenuDrawer } from './menu-drawer';
import { SideMenu } from './side-menu';
import { useExit } from './use-exit';

/** 'menu': the logged-in or logged-out menu; 'exit': only the way out; 'plain': the logo alone. */
export type HeaderVariant = 'menu' | 'exit' | 'plain';

function ExitButton() {
  const exit = useExit();
  return (
    <button type="button" className="button button--secondary site-header__exit" onClick={() => void exit()}>
      {t('menu.logout')}
    </button>
  );
}

export function SiteHeader({ variant }: { variant: HeaderVariant }) {
  const brand = useBrand();
  // Before a brand is chosen (the brand picker) no brand's logo speaks for the page: each card has its own.
  const brandChosen = useAppStore((state) => state.company !== null);
  const loggedIn = useAppStore((state) => state.user !== null);
  const customerName = useAppStore((state) => state.customer?.account.name);
  return (
    <header className="site-header">
      <a href="#main-content" className="skip-link">
        {t('app.skip_link')}
      </a>
      <div className="site-header__bar">
        <Link
          to={authRoutes.index.to()}
          className="site-header__home"
          aria-label={t('menu.home_link', { brand: brandChosen ? brand.name : t('app.title_suffix') })}
        >
          {brandChosen ? (
            <BrandLogo brand={brand} />
          ) : (
            <span className="brand-logo__name">{t('app.title_suffix')}</span>
          )}
        </Link>
        {loggedIn && customerName ? (
          <>
            {/* On large screens the menu has no 'Profilo' (the drawer does): the name leads there. */}
            <Link
              to={profileRoutes.profile.to()}
              className="site-header__customer"
              aria-label={t('menu.profile_link', { name: customerName })}
            >
              {customerName}
            </Link>
            <HeaderItems />
          </>
        ) : null}
        {variant === 'exit' ? <ExitButton /> : null}
        {variant === 'menu' ? (
          <>
            {!loggedIn ? (
              <div className="large-screens-only">
                <LoggedOutMenu />
              </div>
            ) : null}
            <div className="small-screens-only">
              <MenuDrawer>
                {(close) =>
                  loggedIn ? <SideMenu onNavigate={close} /> : <LoggedOutMenu onNavigate={close} />
                }
              </MenuDrawer>
            </div>
          </>
        ) : null}
      </div>
    </header>
  );
}
