// Start-up: brand colours before the first paint, the router connected to the api client, the
// app's native behaviour when Capacitor runs the page, then the deferred extras (consent banner,
// error reporting) once the page is idle.
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applyBrand, brandOf, isCompanyCode } from '../shared/brands/brands';
import { connectSession } from '../shared/api/session-port';
import { sessionLifecycle } from '../shared/session/load';
import { chooseCompany, useAppStore } from '../shared/state/app-store';
import { privacyRoutes } from '../features/privacy/routes';
import { startConsentBanner } from './consent';
import { startErrorReporting } from './error-reporting';
import { AppRouter, preloadErrorPages } from './router';
import { isNativeApp } from '../native/platform';

// Only inside Capacitor: the website never downloads the native chunk.
const NativeApp = lazy(() => import('./native/native-app'));

function followBrand(): void {
  // ?company= is read here too so the very first paint already wears the right brand.
  const requested = new URLSearchParams(window.location.search).get('company');
  if (isCompanyCode(requested)) chooseCompany(requested);
  applyBrand(brandOf(useAppStore.getState().company));
  useAppStore.subscribe((state, previous) => {
    if (state.company !== previous.company) applyBrand(brandOf(state.company));
  });
}

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1500);
}

export function startApp(container: HTMLElement): void {
  followBrand();
  connectSession(async () => (await sessionLifecycle()).ensureSession());
  const root = createRoot(container);
  // In a transition, the first render is done in slices with the browser free in between (much of
  // it is React's own code running for the first time), not in one long task; the HTML's
  // loader shows meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRouter />
          {isNativeApp() ? (
            <Suspense fallback={null}>
              <NativeApp />
            </Suspense>
          ) : null}
        </BrowserRouter>
      </StrictMode>,
    ),
  );
  // The banner's styles cost a full style recalculation: it follows the page's first render.
  whenIdle(() => {
    void startConsentBanner({ privacy: privacyRoutes.notice.to(), cookies: privacyRoutes.cookies.to() });
    preloadErrorPages();
    startErrorReporting();
  });
}
