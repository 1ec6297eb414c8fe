// Vite build and dev server. In development the API runs on its own port (npm run dev at the root)
// and /services is proxied to it, so the browser talks to one origin as in production.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const apiTarget = process.env.SPORTELLO_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/services': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    // The budgets script reads the manifest to add up the login route's initial JavaScript.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
});
