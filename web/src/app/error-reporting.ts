// Error reporting: Sentry is downloaded only when VITE_SENTRY_DSN is set, after start-up.
import type * as SentryModule from '@sentry/react';
import { ERROR_TRACE_SAMPLE_RATE, PRODUCT_VERSION } from '@sportello/contract';

let sentry: Promise<typeof SentryModule> | null = null;

export function startErrorReporting(): void {
  const dsn = import.meta.env.VITE_SENTRY_DSN;
  if (!dsn) return;
  sentry = import('@sentry/react').then((module) => {
    module.init({
      dsn,
      release: PRODUCT_VERSION,
      tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
      integrations: [module.browserTracingIntegration()],
    });
    return module;
  });
}

export function reportError(error: unknown): void {
  void sentry?.then((module) => module.captureException(error));
}
