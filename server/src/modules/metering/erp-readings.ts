// Readings as the ERP sends them (the integration module's import, ADR 040), written in its
// transaction: the distributor's or an estimate as a row of their own, or the verdict on a
// self-reading the customer sent (validated, or refused with the reason the customer is told).
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { readings, readingWindows } from '@sportello/db/schema';

export interface ErpReading {
  supplyId: number;
  readingDate: string;
  source: 'self' | 'distributor' | 'estimated';
  status: 'validated' | 'refused';
  values: Record<string, number>;
  note: string | null;
}

/** Writes a reading (a new row, or the one the key loaded before); answers its id. */
export async function saveReadingFromErp(tx: Db, reading: ErpReading, existingId: number | null) {
  if (existingId !== null) {
    await tx.update(readings).set(reading).where(eq(readings.id, existingId));
    return existingId;
  }
  const [row] = await tx.insert(readings).values(reading).returning({ id: readings.id });
  return row!.id;
}

/**
 * The ERP's verdict on a self-reading of the supply: its status and note; answers the status it had
 * before, or null when the supply has no such self-reading.
 */
export async function judgeSelfReading(
  tx: Db,
  verdict: { readingId: number; supplyId: number; status: 'validated' | 'refused'; note: string | null },
) {
  const [before] = await tx
    .select({ status: readings.status })
    .from(readings)
    .where(
      and(
        eq(readings.id, verdict.readingId),
        eq(readings.supplyId, verdict.supplyId),
        eq(readings.source, 'self'),
      ),
    )
    .for('update');
  if (!before) return null;
  await tx
    .update(readings)
    .set({ status: verdict.status, note: verdict.note })
    .where(eq(readings.id, verdict.readingId));
  return before.status;
}

export interface ErpReadingWindow {
  supplyId: number;
  opensOn: string;
  closesOn: string;
}

/**
 * Writes a supply's reading window (a new row, or the one the key loaded before); answers its id and
 * the supply it is on. Moved days are announced and reminded again (the alerts read the two marks).
 */
export async function saveReadingWindowFromErp(tx: Db, window: ErpReadingWindow, existingId: number | null) {
  if (existingId !== null) {
    const [before] = await tx
      .select({ supplyId: readingWindows.supplyId, opensOn: readingWindows.opensOn })
      .from(readingWindows)
      .where(eq(readingWindows.id, existingId))
      .for('update');
    if (before) {
      const moved = before.opensOn !== window.opensOn;
      await tx
        .update(readingWindows)
        .set({ ...window, ...(moved ? { announcedAt: null, remindedAt: null } : {}) })
        .where(eq(readingWindows.id, existingId));
      return { id: existingId, supplyIdBefore: before.supplyId };
    }
  }
  const [row] = await tx.insert(readingWindows).values(window).returning({ id: readingWindows.id });
  return { id: row!.id, supplyIdBefore: window.supplyId };
}
