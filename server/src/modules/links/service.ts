// Links (SPEC §4 "Link entry"): a hash code from a mail, SMS or push resolves to a module and target.
// Guests may follow only modules 4 to 9; a link tied to a customer needs a user who reaches it.
import { GUEST_LINK_MODULES, type CompanyCode, type Link } from '@sportello/contract';
import { AppError, gone, notFound } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../sessions/session-store.js';
import type { LinkRow, LinksRepository } from './repository.js';

/** A guest's page needs the target only; the customer behind it is told to a user who reaches it. */
const toDto = (link: LinkRow, forUser: boolean): Link => ({
  id: String(link.id),
  hashCode: link.hashCode,
  module: { id: link.moduleId },
  entityKey: link.entityKey,
  additionalParams: link.additionalParams,
  item: link.item as Link['item'],
  customerId: forUser && link.customerId != null ? String(link.customerId) : null,
  expiresAt: link.expiresAt?.toISOString() ?? null,
});

export function createLinksService(repository: LinksRepository, customers: CustomersService) {
  return {
    /** The link for a guest (`user` null) or a user of `company`; expired → 410. */
    async resolve(
      company: CompanyCode,
      user: SessionUser | null,
      hashCode: string,
      now: Date,
    ): Promise<Link> {
      const link = await repository.byHashCode(company, hashCode);
      if (!link) throw notFound();
      if (link.expiresAt && link.expiresAt <= now) throw gone('link_expired');
      if (!user && !GUEST_LINK_MODULES.includes(link.moduleId)) throw new AppError(401, 'link_not_allowed');
      if (user && link.customerId != null) await customers.requireReachable(user, String(link.customerId));
      return toDto(link, user != null);
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
