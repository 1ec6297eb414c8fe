// SQL of the accessibility feedback: one row per report, found again by reference and e-mail.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { accessibilityFeedback } from '@sportello/db/schema';

/** 12 random hex digits: with the e-mail beside it, not a thing to guess. */
const newReference = () => `ACC-${randomBytes(6).toString('hex').toUpperCase()}`;

export type FeedbackRow = typeof accessibilityFeedback.$inferSelect;

export function createAccessibilityRepository(db: Db) {
  return {
    async insert(tx: Db, values: Omit<typeof accessibilityFeedback.$inferInsert, 'id' | 'reference'>) {
      const [row] = await tx
        .insert(accessibilityFeedback)
        .values({ ...values, reference: newReference() })
        .returning();
      if (!row) throw new Error('accessibility feedback not inserted');
      return row;
    },

    async find(reference: string, email: string): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .select()
        .from(accessibilityFeedback)
        .where(and(eq(accessibilityFeedback.reference, reference), eq(accessibilityFeedback.email, email)))
        .limit(1);
      return row;
    },
  };
}

export type AccessibilityRepository = ReturnType<typeof createAccessibilityRepository>;
