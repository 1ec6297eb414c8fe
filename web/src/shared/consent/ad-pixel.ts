// The social ad pixel behind a small interface. The real Meta pixel loads only when
// VITE_META_PIXEL_ID is set; otherwise page views are recorded in window.__pixelEvents, where
// tests (and a curious developer) can see what would have been sent, and the browser identifier
// cookie is set as Meta's script sets it, so withdrawing consent has the same thing to clear.
import { AD_PIXEL } from '@sportello/domain';

export interface AdPixel {
  pageView(path: string): void;
  /** Consent withdrawn: stop, and delete what the pixel keeps in the browser (ADR 069). */
  forget(): void;
}

export interface RecordedPixelEvent {
  event: 'PageView';
  path: string;
}

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][] };

declare global {
  interface Window {
    __pixelEvents?: RecordedPixelEvent[];
    fbq?: Fbq;
  }
}

const DAY_SECONDS = 86_400;

/** The host and each parent domain: a cookie set for any of them is deleted only by naming it. */
function cookieDomains(hostname: string): string[] {
  const parts = hostname.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
}

/** Deletes the pixel's cookies (host-only and per domain) and its keys in the browser's storage. */
function clearPixelStorage(): void {
  for (const name of AD_PIXEL.cookies) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
    for (const domain of cookieDomains(location.hostname))
      document.cookie = `${name}=; Max-Age=0; path=/; domain=${domain}`;
  }
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      for (const key of Object.keys(storage))
        if (key.startsWith(AD_PIXEL.storagePrefix)) storage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was kept there.
    }
  }
}

function recordingPixel(): AdPixel {
  return {
    pageView(path) {
      (window.__pixelEvents ??= []).push({ event: 'PageView', path });
      const [identifier] = AD_PIXEL.cookies;
      if (!document.cookie.split('; ').some((c) => c.startsWith(`${identifier}=`)))
        document.cookie = `${identifier}=fb.1.${Date.now()}.${Math.floor(Math.random() * 1e10)}; Max-Age=${AD_PIXEL.cookieDays * DAY_SECONDS}; path=/; SameSite=Lax`;
    },
    forget: clearPixelStorage,
  };
}

function metaPixel(pixelId: string): AdPixel {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    // The official loader's queue stub: calls made before the script arrives are replayed by it.
    const queue: unknown[][] = [];
    const fbq: Fbq = (...args: unknown[]) => void queue.push(args);
    fbq.queue = queue;
    window.fbq = fbq;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://connect.facebook.net/en_US/fbevents.js';
    document.head.append(script);
    fbq('init', pixelId);
  };
  return {
    pageView() {
      load();
      window.fbq?.('consent', 'grant');
      window.fbq?.('track', 'PageView');
    },
    forget() {
      window.fbq?.('consent', 'revoke');
      clearPixelStorage();
    },
  };
}

const pixelId = import.meta.env.VITE_META_PIXEL_ID;

export const adPixel: AdPixel = pixelId ? metaPixel(pixelId) : recordingPixel();
