// An entry link (SPEC §4, the entry page /link): the row holds only the SHA-256 of the link's token, and what
// the link opens (its item) follows from its module, so every world stores its links the same way.
import type { InferInsertModel } from 'drizzle-orm';
import type { links } from '@sportello/db/schema';
import { hashLinkToken } from '@sportello/db/link-token';

const LINK_ITEMS: Readonly<Record<number, string>> = {
  1: 'invoice',
  4: 'message',
  5: 'password',
  6: 'workflow',
  7: 'supply',
  8: 'proposal',
  9: 'pun',
};

export interface LinkSpec {
  /** The token the link carries (its hashCode); only its hash is stored. */
  token: string;
  companyCode: string;
  moduleId: number;
  entityKey: string | null;
  params?: Record<string, unknown> | null;
  customerId?: number | null;
  userId?: number | null;
  /** null: the link never expires. */
  expiresAt?: Date | null;
  createdAt?: Date;
}

export function linkRow(spec: LinkSpec): InferInsertModel<typeof links> {
  return {
    tokenHash: hashLinkToken(spec.token),
    companyCode: spec.companyCode,
    moduleId: spec.moduleId,
    entityKey: spec.entityKey,
    additionalParams: spec.params ? JSON.stringify(spec.params) : null,
    item: LINK_ITEMS[spec.moduleId] ?? null,
    customerId: spec.customerId ?? null,
    userId: spec.userId ?? null,
    expiresAt: spec.expiresAt ?? null,
    ...(spec.createdAt && { createdAt: spec.createdAt }),
  };
}
