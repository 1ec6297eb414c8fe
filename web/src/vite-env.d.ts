/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Meta (Facebook) pixel id; without it page views go to an observable no-op. */
  readonly VITE_META_PIXEL_ID?: string;
  /** Sentry DSN; without it error reporting is not loaded at all. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
