// Workflow replies (SPEC §4 link module 6, §7 workflow/task-execute): the customer answers a waiting
// task once, with one of the replies it offers, and gets the feedback title of that reply.
import { WORKFLOW_REPLIES, type WorkflowReply, type workflows } from '@sportello/contract';
import type * as z from 'zod/mini';
import { conflict, notFound, unprocessable } from '../../http/app-error.js';
import type { LinksService } from '../links/service.js';
import type { NewWorkflowTask, WorkflowsRepository, WorkflowTaskRow } from './repository.js';

/** `staffUserId`: the care staff member who replied for the customer (ADR 045), for the events it records. */
export type ReplyListener = (
  task: WorkflowTaskRow,
  reply: WorkflowReply,
  now: Date,
  staffUserId?: number,
) => Promise<void>;

type Body = z.output<typeof workflows.executeWorkflowTask.body>;

const FEEDBACK_DESCRIPTION = 'Puoi tornare alla home per consultare le tue forniture.';

export interface WorkflowTaskView {
  workflowId: string;
  taskName: string;
  title: string;
  description: string;
  replies: WorkflowReply[];
  reply: WorkflowReply | null;
}

const isReply = (value: string): value is WorkflowReply => value in WORKFLOW_REPLIES;

function toView(row: WorkflowTaskRow): WorkflowTaskView {
  return {
    workflowId: row.workflowId,
    taskName: row.taskName,
    title: row.title,
    description: row.description,
    replies: row.replies.filter(isReply),
    reply: row.reply && isReply(row.reply) ? row.reply : null,
  };
}

export function createWorkflowsService(deps: {
  repository: WorkflowsRepository;
  /** Told how a task reads on its reply link's page. */
  links: LinksService;
}) {
  const { repository } = deps;
  /** What other modules do once a task of theirs is answered (a delegation granted…), by task name. */
  const replyListeners = new Map<string, ReplyListener>();

  async function find(workflowId: string): Promise<WorkflowTaskRow> {
    const task = await repository.find(workflowId);
    if (!task) throw notFound();
    return task;
  }

  /** What a module 6 link's page shows (the link itself was already authorised). */
  async function describe(workflowId: string): Promise<WorkflowTaskView | undefined> {
    const row = await repository.find(workflowId);
    return row && toView(row);
  }
  deps.links.describeTasksWith(describe);

  return {
    /** A new task waiting for the customer's reply, opened by the module that asks the question. */
    create: (task: NewWorkflowTask) => repository.insert(task),
    onReply(taskName: string, listener: ReplyListener) {
      replyListeners.set(taskName, listener);
    },

    /** The customer's reply, or a care staff member's for them (`staffUserId`, ADR 045). */
    async execute(body: Body, now: Date, staffUserId?: number) {
      const task = await find(body.workflowId);
      if (task.taskName !== body.taskName || !task.replies.includes(body.reply)) {
        throw unprocessable('workflow_reply_not_allowed');
      }
      if (task.reply !== null) throw conflict('workflow_already_answered');
      if (!(await repository.reply(task.id, body.reply, now))) throw conflict('workflow_already_answered');
      await replyListeners.get(task.taskName)?.(task, body.reply, now, staffUserId);
      return {
        workflowId: task.workflowId,
        taskName: task.taskName,
        reply: body.reply,
        feedback: { title: WORKFLOW_REPLIES[body.reply], description: FEEDBACK_DESCRIPTION },
      };
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
