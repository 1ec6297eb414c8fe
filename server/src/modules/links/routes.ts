// Links (SPEC §4 "Link entry"): a hash code from a mail, SMS or push resolves to a module and target.
// Guests may follow only modules 4 to 9; a link tied to a customer needs a user who reaches it.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { core, GUEST_LINK_MODULES, type Link } from '@sportello/contract';
import { route } from '../../http/route.js';
import { AppError, gone, notFound } from '../../http/app-error.js';
import { links } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

export default async function linkRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, core.getLink, async ({ session, user, params }) => {
    const [link] = await services.db
      .select()
      .from(links)
      .where(and(eq(links.hashCode, params.id), eq(links.companyCode, session.company)))
      .limit(1);
    if (!link) throw notFound();
    if (link.expiresAt && link.expiresAt <= new Date()) throw gone('link_expired');
    if (!user && !GUEST_LINK_MODULES.includes(link.moduleId)) throw new AppError(401, 'link_not_allowed');
    if (user && link.customerId != null) {
      await services.customers.requireReachable(user, String(link.customerId));
    }
    const dto: Link = {
      id: String(link.id),
      hashCode: link.hashCode,
      module: { id: link.moduleId },
      entityKey: link.entityKey,
      additionalParams: link.additionalParams,
      item: link.item as Link['item'],
      customerId: link.customerId == null ? null : String(link.customerId),
      expiresAt: link.expiresAt?.toISOString() ?? null,
    };
    return dto;
  });
}
