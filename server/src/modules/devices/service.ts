// Push devices: the app registers its push id for the logged-in user (registering again only updates
// the platform) and removes it at logout; the notifications read a user's devices to push to.
import type { DevicesRepository } from './repository.js';

export function createDevicesService(repository: DevicesRepository) {
  return {
    async register(userId: number, fbPushId: string, platform: string | null) {
      return { id: String(await repository.upsert(userId, fbPushId, platform)) };
    },
    async unregister(userId: number, fbPushId: string) {
      return { removed: await repository.remove(userId, fbPushId) };
    },
    ofUser: (userId: number) => repository.ofUser(userId),
    /** The push service no longer knows this installation: the jobs runtime drops it. */
    forget: (deviceId: number) => repository.removeById(deviceId),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
