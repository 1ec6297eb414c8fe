/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Meta (Facebook) pixel id; without it page views go to an observable no-op. */
  readonly VITE_META_PIXEL_ID?: string;
  /** Sentry DSN; without it error reporting is not loaded at all. */
  readonly VITE_SENTRY_DSN?: string;
  /** The API's origin for the app build (its pages come from the device, not from the server). */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
