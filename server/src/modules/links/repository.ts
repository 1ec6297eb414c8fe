// SQL for entry links: lookup by the hash of the token, creation, and what a link's page needs to
// know about its user (has a password yet).
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { links, users } from '@sportello/db/schema';
import { hashLinkToken } from '@sportello/db/link-token';

export type LinkRow = typeof links.$inferSelect;

export function createLinksRepository(db: Db) {
  return {
    /** The link of a token, compared in constant time once the index has found the candidate. */
    async findByToken(token: string): Promise<(LinkRow & { userHasPassword: boolean }) | undefined> {
      const tokenHash = hashLinkToken(token);
      const [row] = await db
        .select({ link: links, passwordHash: users.passwordHash })
        .from(links)
        .leftJoin(users, eq(users.id, links.userId))
        .where(eq(links.tokenHash, tokenHash))
        .limit(1);
      if (!row) return undefined;
      const same = timingSafeEqual(Buffer.from(row.link.tokenHash), Buffer.from(tokenHash));
      return same ? { ...row.link, userHasPassword: row.passwordHash != null } : undefined;
    },

    async findById(id: number): Promise<LinkRow | undefined> {
      const [row] = await db.select().from(links).where(eq(links.id, id)).limit(1);
      return row;
    },

    /**
     * Spends the link of a token by expiring it now, if it is of this brand and module and still
     * valid: of two concurrent uses, one gets the row. Sessions tied to it keep their row.
     */
    async spend(
      token: string,
      companyCode: string,
      moduleId: number,
      now: Date,
    ): Promise<LinkRow | undefined> {
      const [row] = await db
        .update(links)
        .set({ expiresAt: now })
        .where(
          and(
            eq(links.tokenHash, hashLinkToken(token)),
            eq(links.companyCode, companyCode),
            eq(links.moduleId, moduleId),
            or(isNull(links.expiresAt), gt(links.expiresAt, now)),
          ),
        )
        .returning();
      return row;
    },
    /** Spends every open link of a user of one module (all password links after a password change). */
    async spendAllOf(userId: number, moduleId: number, now: Date): Promise<void> {
      await db
        .update(links)
        .set({ expiresAt: now })
        .where(
          and(
            eq(links.userId, userId),
            eq(links.moduleId, moduleId),
            or(isNull(links.expiresAt), gt(links.expiresAt, now)),
          ),
        );
    },
    async insert(values: Omit<typeof links.$inferInsert, 'tokenHash'>, token: string): Promise<LinkRow> {
      const [row] = await db
        .insert(links)
        .values({ ...values, tokenHash: hashLinkToken(token) })
        .returning();
      return row!;
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;
