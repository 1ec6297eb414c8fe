// A self-reading window: the days a supply's meter reading may be sent, a week unless the world
// says when it closes.
import type { InferInsertModel } from 'drizzle-orm';
import type { readingWindows } from '@sportello/db/schema';
import { addDays } from '../engine/dates.js';

export const READING_WINDOW_DAYS = 7;

export type ReadingWindowSpec = Omit<InferInsertModel<typeof readingWindows>, 'closesOn'> & {
  /** The last day a reading is taken; a week from `opensOn` unless given. */
  closesOn?: string;
};

export function readingWindowRow(spec: ReadingWindowSpec): InferInsertModel<typeof readingWindows> {
  return { ...spec, closesOn: spec.closesOn ?? addDays(spec.opensOn, READING_WINDOW_DAYS - 1) };
}
