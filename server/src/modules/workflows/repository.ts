// SQL for workflow tasks waiting for a customer's reply.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { workflowTasks } from '@sportello/db/schema';

export type WorkflowTaskRow = typeof workflowTasks.$inferSelect;
export type NewWorkflowTask = Omit<typeof workflowTasks.$inferInsert, 'id' | 'reply' | 'repliedAt'>;

export function createWorkflowsRepository(db: Db) {
  return {
    async find(workflowId: string): Promise<WorkflowTaskRow | undefined> {
      const [row] = await db
        .select()
        .from(workflowTasks)
        .where(eq(workflowTasks.workflowId, workflowId))
        .limit(1);
      return row;
    },

    async insert(values: NewWorkflowTask): Promise<WorkflowTaskRow> {
      const [row] = await db.insert(workflowTasks).values(values).returning();
      return row!;
    },
    /** Records the reply only if none was given: of two replies at once, one wins. */
    async reply(id: number, reply: string, at: Date): Promise<WorkflowTaskRow | undefined> {
      const [row] = await db
        .update(workflowTasks)
        .set({ reply, repliedAt: at })
        .where(and(eq(workflowTasks.id, id), isNull(workflowTasks.reply)))
        .returning();
      return row;
    },
  };
}

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
