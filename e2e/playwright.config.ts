// Playwright in Debian's Chromium (never a downloaded browser); e2e/run.mjs provides the server.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './results',
  // A test with screenshots at two sizes and axe on each page took over 60 s on a machine whose two
  // cores were shared by two shards and a busy kernel (stop 34): the room is for such machines.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // No fade-ins: axe then never measures contrast halfway through an animation.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
