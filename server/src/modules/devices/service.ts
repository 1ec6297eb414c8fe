// Push devices: the app registers its push id for the logged-in user; registering again only
// updates the platform.
import type { DevicesRepository } from './repository.js';

export function createDevicesService(repository: DevicesRepository) {
  return {
    async register(userId: number, fbPushId: string, platform: string | null) {
      return { id: String(await repository.upsert(userId, fbPushId, platform)) };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
