// SQL of the staff's views of customers' portals (ADR 043): the consultation rows and their codes.
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { staffConsultations } from '@sportello/db/schema';

export type ConsultationRow = typeof staffConsultations.$inferSelect;
/** A database or a transaction: the row is written with its staff audit row. */
type Writer = Pick<Db, 'insert'>;

/** Listed at most: the latest are what a customer or an operator needs. */
const LISTED = 50;

export function createConsultationsRepository(db: Db) {
  return {
    async insert(tx: Writer, row: typeof staffConsultations.$inferInsert): Promise<ConsultationRow> {
      const [inserted] = await tx.insert(staffConsultations).values(row).returning();
      return inserted!;
    },

    /**
     * Spends a code: only the staff session that asked for it, within its minute, once (the statement
     * that finds it clears it, so two exchanges cannot both succeed).
     */
    async spendCode(codeHash: string, staffSessionHash: string, now: Date) {
      const [spent] = await db
        .update(staffConsultations)
        .set({ codeHash: null, openedAt: now })
        .where(
          and(
            eq(staffConsultations.codeHash, codeHash),
            eq(staffConsultations.staffSessionHash, staffSessionHash),
            gt(staffConsultations.codeExpiresAt, now),
            gt(staffConsultations.endsAt, now),
          ),
        )
        .returning();
      return spent;
    },

    /** A customer's consultations, newest first; `openedOnly`: those whose portal was shown. */
    ofCustomer: (customerId: number, openedOnly: boolean) =>
      db
        .select()
        .from(staffConsultations)
        .where(
          and(
            eq(staffConsultations.customerId, customerId),
            openedOnly ? isNotNull(staffConsultations.openedAt) : undefined,
          ),
        )
        .orderBy(desc(staffConsultations.id))
        .limit(LISTED),
  };
}

export type ConsultationsRepository = ReturnType<typeof createConsultationsRepository>;
