// The social ad pixel behind a small interface. The real Meta pixel loads only when
// VITE_META_PIXEL_ID is set; otherwise page views are recorded in window.__pixelEvents, where
// tests (and a curious developer) can see what would have been sent.
export interface AdPixel {
  pageView(path: string): void;
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

function recordingPixel(): AdPixel {
  return {
    pageView(path) {
      (window.__pixelEvents ??= []).push({ event: 'PageView', path });
    },
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
      window.fbq?.('track', 'PageView');
    },
  };
}

const pixelId = import.meta.env.VITE_META_PIXEL_ID;

export const adPixel: AdPixel = pixelId ? metaPixel(pixelId) : recordingPixel();
