// What happens after each route change: title with the brand suffix, scroll to the top after
// 50 ms (SPEC §9), page view for the ad pixel (consent permitting), and the offline redirect.
import { SCROLL_RESET_DELAY_MS } from '@sportello/contract';
import { useEffect } from 'react';
import { t } from '../../shared/i18n';
import { useLocation, useNavigate } from 'react-router';
import { errorRoutes } from '../../features/errors/routes';
import { useBrand } from '../../shared/brands/use-brand';
import { trackPageView } from '../consent';
import { loadedPage } from '../loaded-pages';
import { useCurrentRoute } from '../use-current-route';

export function useNavigationEffects(): void {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const brand = useBrand();
  const navigate = useNavigate();

  useEffect(() => {
    const title = route ? loadedPage(route)?.title : undefined;
    document.title = `${title ?? t('app.title_suffix')} | ${brand.name}`;
  }, [route, brand]);

  useEffect(() => {
    trackPageView(pathname);
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const goOffline = () => void navigate(errorRoutes.offline.to());
    window.addEventListener('offline', goOffline);
    return () => window.removeEventListener('offline', goOffline);
  }, [navigate]);
}
