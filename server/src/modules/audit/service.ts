// The customer's security audit trail (ADR 038): what happened to the account's ways in (passkeys
// added, removed, used or refused; step-ups passed or refused), written by the modules that decide
// it, shown to the user. A new kind is added to SECURITY_EVENT_KINDS in the contract.
import type { passkeys } from '@sportello/contract';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { TokenRefusal, TokenRefusalReason } from '../../platform/tokens/personal-token-store.js';
import { USER_AGENT_MAX } from '../../platform/sessions/session-store.js';
import type { AuditRepository } from './repository.js';

/** What the profile shows; older rows stay (they are few and small). */
const SHOWN = 30;
const DETAIL_MAX = 200;
/** A tool that keeps asking with a refused token leaves one row a minute, not one a request. */
const TOKEN_REFUSAL_EVERY_MS = 60_000;

const TOKEN_REFUSALS: Record<TokenRefusalReason, string> = {
  revoked: 'token revocato',
  expired: 'token scaduto',
  inactive: 'account non attivo',
  rate: 'troppe richieste in un’ora',
  scope: 'richiesta non permessa a un token di sola lettura',
};

export function createAuditService(repository: AuditRepository) {
  return {
    /** Records one event of the user's; the detail is short and never a secret. */
    async record(
      userId: number,
      event: { kind: passkeys.SecurityEventKind; detail?: string | null; userAgent?: string | null },
      now: Date,
      writer?: Parameters<AuditRepository['insert']>[1],
    ) {
      await repository.insert(
        {
          userId,
          at: now,
          kind: event.kind,
          detail: event.detail?.slice(0, DETAIL_MAX) ?? null,
          userAgent: event.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        },
        writer,
      );
    },

    /** A personal token of the user's refused (ADR 037): told in the trail, once a minute per token and reason. */
    async recordTokenRefusal(refusal: TokenRefusal, now: Date) {
      const detail = `«${refusal.tokenName}»: ${TOKEN_REFUSALS[refusal.reason]}`.slice(0, DETAIL_MAX);
      const since = new Date(now.getTime() - TOKEN_REFUSAL_EVERY_MS);
      await repository.insertUnlessSince(
        { userId: refusal.userId, at: now, kind: 'token_refused', detail, userAgent: null },
        since,
      );
    },

    /** Whether the user's trail holds an event of this kind since `since` (a rule that waits after one). */
    happenedSince: (userId: number, kind: passkeys.SecurityEventKind, since: Date) =>
      repository.happenedSince(userId, kind, since),

    async latest(user: SessionUser) {
      const rows = await repository.latest(user.id, SHOWN);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        kind: row.kind as passkeys.SecurityEventKind,
        detail: row.detail,
      }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
