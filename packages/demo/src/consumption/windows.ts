// Self-reading windows of the demo supplies: a week each month. Two supplies in three have theirs
// open today (opened two days ago, not yet announced, so a running server tells the customer); the
// third's closed ten days ago and the next opens in nine.
import type { InferInsertModel } from 'drizzle-orm';
import { readingWindows } from '@sportello/db/schema';
import type { SeedContext } from '../engine/context.js';
import { addDays, romeInstant } from '../engine/dates.js';
import { readingWindowRow } from '../world/index.js';

const PAST_WINDOWS = 3;

export function addReadingWindows(ctx: SeedContext, supplyIds: readonly number[]): void {
  const rows: InferInsertModel<typeof readingWindows>[] = supplyIds.flatMap((supplyId, i) => {
    const open = i % 3 !== 2;
    // The window of this month: open today, or closed ten days ago with the next in nine days.
    const current = open ? addDays(ctx.today, -2) : addDays(ctx.today, -16);
    const past = Array.from({ length: PAST_WINDOWS }, (_, k) => {
      const opensOn = addDays(current, -30 * (PAST_WINDOWS - k));
      return { opensOn, announcedAt: romeInstant(opensOn, 8) };
    });
    const next = addDays(current, open ? 30 : 25);
    return [
      ...past,
      { opensOn: current, announcedAt: open ? null : romeInstant(current, 8) },
      { opensOn: next, announcedAt: null },
    ].map((w) => readingWindowRow({ supplyId, ...w }));
  });
  ctx.buffer.add(readingWindows, ...rows);
}
