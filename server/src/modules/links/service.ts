// Entry links (SPEC §4 "Link entry"): a token from a mail, SMS or push resolves to one target.
// A link of another brand is not found, an expired one answers 410; a guest may follow modules 4
// to 9 only, and its session is then tied to that link (guest-reach.ts). Links are created here for
// the notifications the server sends.
import { LINK_MODULES, type Link, type LinkTarget } from '@sportello/contract';
import { invoiceLinkPage, isGuestLinkModule } from '@sportello/domain';
import { AppError, gone, notFound } from '../../http/app-error.js';
import type { LoadedSession, SessionStore } from '../../platform/sessions/session-store.js';
import type { LinkRow, LinksRepository } from './repository.js';
import { newLinkToken } from '@sportello/db/link-token';

/** How a workflow task reads on its reply link's page (module 6): told by the workflows module. */
export type TaskDescriber = (
  workflowId: string,
) => Promise<Omit<Extract<LinkTarget, { page: 'workflow' }>, 'page'> | undefined>;

/** A link sent with a notification stays valid this long. */
export const LINK_LIFETIME_DAYS = 30;

const ITEMS: Record<number, Link['item']> = {
  [LINK_MODULES.invoice]: 'invoice',
  [LINK_MODULES.message]: 'message',
  [LINK_MODULES.password]: 'password',
  [LINK_MODULES.workflowReply]: 'workflow',
  [LINK_MODULES.selfReading]: 'supply',
  [LINK_MODULES.proposal]: 'proposal',
  [LINK_MODULES.pun]: 'pun',
};

/** additionalParams of an invoice link: the type codes of its invoices (decides the page). */
function invoiceTypeCodes(link: LinkRow): number[] {
  try {
    const params = JSON.parse(link.additionalParams ?? '{}') as { invoiceTypeCodes?: unknown };
    return Array.isArray(params.invoiceTypeCodes) ? params.invoiceTypeCodes.filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

export function createLinksService(deps: { repository: LinksRepository; store: SessionStore }) {
  const { repository, store } = deps;
  // Set by the workflows module, which needs links (links needing workflows would close a loop
  // through the guest reach that workflows needs).
  let describeTask: TaskDescriber = async () => undefined;

  async function targetOf(link: LinkRow & { userHasPassword: boolean }): Promise<LinkTarget> {
    const key = link.entityKey;
    switch (link.moduleId) {
      case LINK_MODULES.invoice: {
        const page = invoiceLinkPage(invoiceTypeCodes(link));
        return page === 'invoices' || !key ? { page: 'invoices' } : { page, invoiceKey: key };
      }
      case LINK_MODULES.password:
        return { page: 'password', mode: link.userHasPassword ? 'reset' : 'create' };
      case LINK_MODULES.pun:
        return { page: 'pun' };
    }
    if (!key) return { page: 'error' };
    switch (link.moduleId) {
      case LINK_MODULES.message:
        return { page: 'message', messageKey: key };
      case LINK_MODULES.workflowReply: {
        const task = await describeTask(key);
        return task ? { page: 'workflow', ...task } : { page: 'error' };
      }
      case LINK_MODULES.selfReading:
        return { page: 'self-reading', supplyKey: key };
      case LINK_MODULES.proposal:
        return { page: 'proposal', proposalKey: key };
      default:
        return { page: 'error' };
    }
  }

  return {
    /** The workflows module tells how its tasks read on their reply links. */
    describeTasksWith(describe: TaskDescriber) {
      describeTask = describe;
    },
    /** A link by id: the guest reach reads the link a guest session was opened from. */
    findById: (id: number) => repository.findById(id),

    async resolve(session: LoadedSession, token: string, now: Date): Promise<Link> {
      const link = await repository.findByToken(token);
      // Another brand's link is as unknown as a made-up one.
      if (!link || link.companyCode !== session.company) throw notFound();
      if (link.expiresAt && link.expiresAt <= now) throw gone('link_expired');
      const user = session.user;
      if (!user && !isGuestLinkModule(link.moduleId)) throw new AppError(401, 'link_not_allowed');
      if (!user) await store.bindLink(session.idHash, link.id);
      return {
        id: String(link.id),
        hashCode: token,
        module: { id: link.moduleId },
        entityKey: link.entityKey,
        additionalParams: link.additionalParams,
        item: ITEMS[link.moduleId] ?? null,
        customerId: user && link.customerId != null ? String(link.customerId) : null,
        expiresAt: link.expiresAt?.toISOString() ?? null,
        target: await targetOf(link),
      };
    },

    /**
     * Spends a single-use link (a password link) of the session's brand and of `moduleId`: it
     * expires now, so it works once and answers 'Link scaduto' if followed again.
     */
    consume: (company: string, token: string, moduleId: number, now: Date) =>
      repository.spend(token, company, moduleId, now),

    /** The link still usable for `moduleId` in the brand, without spending it; else undefined. */
    async usable(company: string, token: string, moduleId: number, now: Date) {
      const link = await repository.findByToken(token);
      const open = link && link.companyCode === company && link.moduleId === moduleId;
      return open && (!link.expiresAt || link.expiresAt > now) ? link : undefined;
    },

    /**
     * Spends every password link of a user: once a password is set (a reset or a change in the
     * profile) no older link may set it again.
     */
    spendPasswordLinks: (userId: number, now: Date) =>
      repository.spendAllOf(userId, LINK_MODULES.password, now),

    /** A new single-purpose link; the token is returned once and only its hash is kept. */
    async create(input: {
      companyCode: string;
      moduleId: number;
      entityKey: string | null;
      customerId: number | null;
      userId: number | null;
      additionalParams?: Record<string, unknown>;
      /** Shorter-lived links (a password reset) say so; the default suits notifications. */
      lifetimeMs?: number;
      now: Date;
    }): Promise<{ id: number; token: string }> {
      const token = newLinkToken();
      const row = await repository.insert(
        {
          companyCode: input.companyCode,
          moduleId: input.moduleId,
          entityKey: input.entityKey,
          additionalParams: input.additionalParams ? JSON.stringify(input.additionalParams) : null,
          item: ITEMS[input.moduleId] ?? null,
          customerId: input.customerId,
          userId: input.userId,
          expiresAt: new Date(input.now.getTime() + (input.lifetimeMs ?? LINK_LIFETIME_DAYS * 86_400_000)),
          createdAt: input.now,
        },
        token,
      );
      return { id: row.id, token };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
