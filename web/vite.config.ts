// Vite build and dev server. In development the API runs on its own port (npm run dev at the root)
// and /services is proxied to it, so the browser talks to one origin as in production.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { consentStylesOnBanner } from './build/consent-styles';
import { precompress } from './build/precompress';

const apiTarget = process.env.SPORTELLO_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), consentStylesOnBanner(), precompress()],
  server: {
    port: 5173,
    proxy: { '/services': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    // The budgets script reads the manifest to add up the login route's initial JavaScript.
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // Every browser of our es2022 target but Safari 15.4–16 preloads modules itself; those just
      // fetch a little later (issue 12: the polyfill was in the login page's initial JavaScript).
      polyfill: false,
      // Vite lists, for every lazy import, the chunks to fetch alongside it: for our ~130 route
      // pages those lists weighed 4 KB gzip in the entry. A page chunk imports all its dependencies
      // itself (Rollup hoists them), so they come one round trip after it, while the router's
      // guards still wait for the session (app/router.tsx). Kept: stylesheets, which only the
      // list loads, and the login page's list, the first page of most visits (issue 12).
      resolveDependencies: (file, deps) =>
        /(^|\/)login-page-[\w-]+\.js$/.test(file) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    sourcemap: false,
  },
});
