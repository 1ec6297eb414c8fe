// Force update (SPEC §4, §9): App_min_version from the server against the installed version.
import { core } from '@sportello/contract';
import { isUpdateRequired } from '@sportello/domain';
import appBrands from '../../../app-brands.json';
import { appInfo } from '../../native/app-shell';
import { pushPlatform } from '../../native/push';
import { callApi } from '../../shared/api/api-client';
import { ensureSession } from '../../shared/session/session-lifecycle';
import { appState } from '../../shared/state/app-store';
import { storePageUrl } from './app-rules';

const MIN_VERSION = 'App_min_version';

/** The store page to update from when this version is too old; null when it may run. */
export async function requiredUpdateUrl(): Promise<string | null> {
  try {
    await ensureSession();
    // Properties are per brand: before a brand is chosen there is nothing to compare with.
    if (!appState().sessionId) return null;
    const properties = await callApi(
      core.listConfProperties,
      { query: { propertyName: MIN_VERSION } },
      { quiet: true },
    );
    const minimum = properties.find((property) => property.name === MIN_VERSION)?.value;
    const app = await appInfo();
    if (!isUpdateRequired(app.version, minimum)) return null;
    const brand = Object.values(appBrands.brands).find((entry) => entry.appId === app.id);
    return storePageUrl({
      platform: pushPlatform() ?? 'android',
      appId: app.id,
      appStoreId: brand?.appStoreId ?? '',
    });
  } catch {
    // A failed check never locks the user out; the next one (3 hours, or the next start) decides.
    return null;
  }
}
