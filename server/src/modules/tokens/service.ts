// Personal read-only tokens (ADR 037): the profile creates (shown once), lists and
// revokes them; a token reads its user's own supplies' consumption, readings, bills and prices through
// the metering, invoices and supplies services, whose answers are the portal's own. Reach is the one
// check's (http/route.ts, platform/reach): the token's principal reaches its own customer only.
import type { personal } from '@sportello/contract';
import { addDays, formatDateTimeRome, romeWallClock, todayInRome } from '@sportello/domain';
import { notFound, unprocessable } from '../../http/app-error.js';
import { sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import {
  PERSONAL_TOKENS_PER_USER,
  type PersonalTokenRow,
  type PersonalTokenStore,
} from '../../platform/tokens/personal-token-store.js';
import type { AuditService } from '../audit/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MeteringService } from '../metering/service.js';
import type { PasskeysService } from '../passkeys/service.js';
import type { SuppliesService } from '../supplies/service.js';

/** The latest expiry a token may have: a year from today (Rome dates). */
export const TOKEN_MAX_DAYS = 365;

/** The end of a Rome day, as an instant: a token "until 31 March" works all of 31 March. */
const endOfRomeDay = (isoDate: string) => romeWallClock(addDays(isoDate, 1));

function toDto(row: PersonalTokenRow, now: Date): personal.PersonalToken {
  return {
    key: row.key,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt <= now,
  };
}

export function createTokensService(deps: {
  tokens: PersonalTokenStore;
  metering: MeteringService;
  invoices: InvoicesService;
  supplies: SuppliesService;
  passkeys: Pick<PasskeysService, 'contactsOf'>;
  audit: AuditService;
  notices: Parameters<typeof sendSecurityNotice>[0];
}) {
  const { tokens, metering, invoices, supplies } = deps;
  /** The token's own customer, as the portal's calls name it; a user without one reads nothing. */
  const ownCustomer = (user: SessionUser) => (user.customerId === null ? null : String(user.customerId));

  return {
    list: async (user: SessionUser, now: Date) => (await tokens.list(user.id)).map((row) => toDto(row, now)),

    async create(user: SessionUser, input: { name: string; expiresOn: string }, now: Date) {
      const today = todayInRome(now);
      if (input.expiresOn <= today || input.expiresOn > addDays(today, TOKEN_MAX_DAYS))
        throw unprocessable('token_expiry_invalid');
      if ((await tokens.countLive(user.id, now)) >= PERSONAL_TOKENS_PER_USER)
        throw unprocessable('tokens_too_many');
      const { token, row } = await tokens.create({
        userId: user.id,
        name: input.name,
        expiresAt: endOfRomeDay(input.expiresOn),
        now,
      });
      await deps.audit.record(user.id, { kind: 'token_created', detail: row.name }, now);
      // A token reads for up to a year without the password: one made by a thief must not go unseen.
      await sendSecurityNotice(deps.notices, {
        to: await deps.passkeys.contactsOf(user),
        company: user.companyCode,
        name: user.firstName ?? user.username,
        event: {
          kind: 'token-created',
          username: user.username,
          token: row.name,
          at: formatDateTimeRome(now),
        },
        key: `notice:token-created:${row.key}`,
        now,
      });
      return { token, details: toDto(row, now) };
    },

    async revoke(user: SessionUser, key: string, now: Date) {
      if (!(await tokens.revoke(user.id, key, now))) throw notFound();
      return { revoked: true as const };
    },

    /** What a token reads: the portal's own answers, for the token's own customer. */
    read: {
      async supplies(user: SessionUser, query: Omit<Parameters<SuppliesService['list']>[1], 'customerKey'>) {
        const customerKey = ownCustomer(user);
        if (!customerKey) return { count: 0, supplies: [] };
        return supplies.list(user, { ...query, customerKey });
      },
      consumptions: metering.consumptions,
      readings: metering.readings,
      prices: metering.quotations,
      async invoices(
        user: SessionUser,
        query: Omit<Parameters<InvoicesService['list']>[1], 'customerId'>,
        now: Date,
      ) {
        const customerId = ownCustomer(user);
        if (!customerId) throw notFound();
        return invoices.list(user, { ...query, customerId }, now);
      },
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
