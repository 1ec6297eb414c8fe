// What happens after each route change: title with the brand suffix, scroll to the top after
// 50 ms (SPEC §9), page view for the ad pixel (consent permitting), and the offline redirect.
import { SCROLL_RESET_DELAY_MS } from '@sportello/contract';
import { useEffect } from 'react';
import { t } from '../../shared/i18n';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_PATHS } from '../../shared/api/error-paths';
import { useBrand } from '../../shared/brands/use-brand';
import { trackPageView } from '../consent';
import { useCurrentRoute } from '../use-current-route';

export function useNavigationEffects(): void {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const brand = useBrand();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${route ? t(`titles.${route.title}`) : t('app.title_suffix')} | ${brand.name}`;
  }, [route, brand]);

  useEffect(() => {
    trackPageView(pathname);
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const goOffline = () => void navigate(ERROR_PATHS.offline);
    window.addEventListener('offline', goOffline);
    return () => window.removeEventListener('offline', goOffline);
  }, [navigate]);
}
