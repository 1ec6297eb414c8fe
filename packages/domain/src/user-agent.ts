// What a User-Agent says about the device a session was opened on, enough for a person to recognise
// it ("Chrome su Windows", "Safari su iPhone"): ADR 037. A small table of our own rather than a
// library: only the browsers and systems our customers use are named, anything else is "Browser
// sconosciuto". The order matters: Edge, Opera and Samsung's browser also say "Chrome", Chrome also
// says "Safari", every iPhone browser says "Safari".

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export interface DeviceDescription {
  browser: string;
  os: string;
  type: DeviceType;
}

/** Browsers, first match wins. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bSportelloApp\b|; wv\)/, 'App'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** Systems, first match wins: iPad before Mac (an iPad may say Macintosh, with "Mobile"). */
const SYSTEMS: readonly (readonly [RegExp, string, DeviceType])[] = [
  [/\biPhone\b/, 'iPhone', 'mobile'],
  [/\biPad\b|Macintosh.*\bMobile\//, 'iPad', 'tablet'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'mobile'],
  [/\bAndroid\b/, 'Android', 'tablet'],
  [/\bWindows\b/, 'Windows', 'desktop'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'desktop'],
  [/\bCrOS\b/, 'ChromeOS', 'desktop'],
  [/\bLinux\b/, 'Linux', 'desktop'],
];

export const UNKNOWN_BROWSER = 'Browser sconosciuto';
export const UNKNOWN_OS = 'sistema sconosciuto';

/** The browser, system and kind of device a User-Agent names; unknown parts are said so. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_BROWSER;
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua));
  return { browser, os: system?.[1] ?? UNKNOWN_OS, type: system?.[2] ?? 'desktop' };
}

/** "Chrome su Windows": how pages, notices and the history name a device. */
export const deviceLabel = ({ browser, os }: DeviceDescription) => `${browser} su ${os}`;

/**
 * What "a device seen before" compares: browser, system and kind, never the versions (a browser
 * updates itself every few weeks) and nothing that could follow the person across sites.
 */
export const deviceKey = (d: DeviceDescription) => `${d.browser}|${d.os}|${d.type}`;
