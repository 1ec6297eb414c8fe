// SQL for push devices: one row per user and push id, its platform kept up to date.
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';

export function createDevicesRepository(db: Db) {
  return {
    async upsert(userId: number, fbPushId: string, platform: string | null): Promise<number | undefined> {
      const [row] = await db
        .insert(devices)
        .values({ userId, fbPushId, platform })
        .onConflictDoUpdate({ target: [devices.userId, devices.fbPushId], set: { platform } })
        .returning({ id: devices.id });
      return row?.id;
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
