// Push devices: the app registers its push id for the logged-in user.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import { devices } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

export default async function deviceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, core.registerDevice, async ({ user, body }) => {
    const [row] = await services.db
      .insert(devices)
      .values({ userId: user.id, fbPushId: body.fbPushId, platform: body.platform ?? null })
      .onConflictDoUpdate({
        target: [devices.userId, devices.fbPushId],
        set: { platform: body.platform ?? null },
      })
      .returning({ id: devices.id });
    return { id: String(row?.id) };
  });
}
