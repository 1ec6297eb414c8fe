import { describe, expect, it } from 'vitest';
import { deepLinkPath, hardwareBackAction, storePageUrl } from './app-rules';

describe('deep links push the path after the host (SPEC §2)', () => {
  it('keeps path, query and fragment of https links and custom schemes', () => {
    expect(deepLinkPath('https://sportello.solegasacqua.example/invoice/7?x=1')).toBe('/invoice/7?x=1');
    expect(deepLinkPath('it.sportello.sga://portale/messages/3#top')).toBe('/messages/3#top');
    expect(deepLinkPath('https://sportello.solegasacqua.example')).toBe('/');
  });

  it('adds the leading slash a host-less custom link lacks, and ignores what is not a URL', () => {
    expect(deepLinkPath('it.sportello.sga:invoices')).toBe('/invoices');
    expect(deepLinkPath('not a url')).toBeNull();
  });
});

describe('force update opens the store of Italy (SPEC §9)', () => {
  it('builds the App Store and Play Store pages for country IT', () => {
    expect(storePageUrl({ platform: 'ios', appId: 'it.sportello.sga', appStoreId: '674' })).toBe(
      'https://apps.apple.com/it/app/id674',
    );
    expect(storePageUrl({ platform: 'android', appId: 'it.sportello.sga', appStoreId: '674' })).toBe(
      'https://play.google.com/store/apps/details?id=it.sportello.sga&gl=IT&hl=it',
    );
  });
});

describe('hardware back', () => {
  it('follows history, stays under a blocking popup, leaves the app at the first page', () => {
    expect(hardwareBackAction({ popupOpen: false, canGoBack: true })).toBe('back');
    expect(hardwareBackAction({ popupOpen: true, canGoBack: true })).toBe('stay');
    expect(hardwareBackAction({ popupOpen: true, canGoBack: false })).toBe('stay');
    expect(hardwareBackAction({ popupOpen: false, canGoBack: false })).toBe('exit');
  });
});
