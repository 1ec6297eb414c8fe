// SQL for links: the link with a hash code in a brand.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { links } from '../../db/schema/index.js';

export type LinkRow = typeof links.$inferSelect;

export function createLinksRepository(db: Db) {
  return {
    async byHashCode(company: string, hashCode: string): Promise<LinkRow | undefined> {
      const [row] = await db
        .select()
        .from(links)
        .where(and(eq(links.hashCode, hashCode), eq(links.companyCode, company)))
        .limit(1);
      return row;
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;
