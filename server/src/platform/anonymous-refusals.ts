// Refusals of callers nobody is signed in as (no staff session, no machine token), on the console's
// and the integration API's calls (ADR 048): one counter per surface, address and minute, never a row
// each. A row per refusal let any anonymous caller write as many audit rows as it sent requests,
// each with a path of its choosing; a count says the same about an address and costs one row a minute.
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { anonymousRefusals } from '@sportello/db/schema';

export type RefusalSurface = 'staff' | 'integration';

/** Counts one refusal of an anonymous caller in its minute. */
export async function countAnonymousRefusal(db: Db, surface: RefusalSurface, address: string, now: Date) {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await db
    .insert(anonymousRefusals)
    .values({ surface, address: address.slice(0, 64), minute, count: 1 })
    .onConflictDoUpdate({
      target: [anonymousRefusals.surface, anonymousRefusals.address, anonymousRefusals.minute],
      set: { count: sql`${anonymousRefusals.count} + 1` },
    });
}
