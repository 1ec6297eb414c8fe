import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceKey, deviceLabel } from './user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.81 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('describeUserAgent', () => {
  it.each([
    ['chromeWindows', 'Chrome', 'Windows', 'desktop'],
    ['edgeWindows', 'Edge', 'Windows', 'desktop'],
    ['safariMac', 'Safari', 'macOS', 'desktop'],
    ['safariIphone', 'Safari', 'iPhone', 'mobile'],
    ['chromeIphone', 'Chrome', 'iPhone', 'mobile'],
    ['ipadDesktopMode', 'Safari', 'iPad', 'tablet'],
    ['chromeAndroid', 'Chrome', 'Android', 'mobile'],
    ['samsungTablet', 'Samsung Internet', 'Android', 'tablet'],
    ['androidWebView', 'App', 'Android', 'mobile'],
    ['firefoxLinux', 'Firefox', 'Linux', 'desktop'],
    ['operaWindows', 'Opera', 'Windows', 'desktop'],
    ['headlessChromium', 'Chrome', 'Linux', 'desktop'],
    ['curl', 'curl', 'sistema sconosciuto', 'desktop'],
  ] as const)('%s → %s su %s (%s)', (name, browser, os, type) => {
    expect(describeUserAgent(UA[name])).toEqual({ browser, os, type });
  });

  it.each([null, undefined, '', 'qualcosa'])('says an unknown User-Agent %j is unknown', (ua) => {
    expect(deviceLabel(describeUserAgent(ua))).toBe('Browser sconosciuto su sistema sconosciuto');
  });

  it('keys a device without its versions: an updated browser is the same device', () => {
    const older = UA.chromeWindows.replace('131.0.0.0', '120.0.0.0');
    expect(deviceKey(describeUserAgent(older))).toBe(deviceKey(describeUserAgent(UA.chromeWindows)));
    expect(deviceKey(describeUserAgent(UA.edgeWindows))).not.toBe(
      deviceKey(describeUserAgent(UA.chromeWindows)),
    );
  });
});
