// SQL for the push devices of users.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { devices } from '@sportello/db/schema';

export type DeviceRow = typeof devices.$inferSelect;

export function createDevicesRepository(db: Db) {
  return {
    async upsert(userId: number, fbPushId: string, platform: string | null): Promise<number> {
      const [row] = await db
        .insert(devices)
        .values({ userId, fbPushId, platform })
        .onConflictDoUpdate({ target: [devices.userId, devices.fbPushId], set: { platform } })
        .returning({ id: devices.id });
      return row!.id;
    },

    async remove(userId: number, fbPushId: string): Promise<boolean> {
      const rows = await db
        .delete(devices)
        .where(and(eq(devices.userId, userId), eq(devices.fbPushId, fbPushId)))
        .returning({ id: devices.id });
      return rows.length > 0;
    },

    async removeById(id: number): Promise<void> {
      await db.delete(devices).where(eq(devices.id, id));
    },

    async ofUser(userId: number): Promise<DeviceRow[]> {
      return db.select().from(devices).where(eq(devices.userId, userId));
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
