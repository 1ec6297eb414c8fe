// Workflow replies (SPEC §7 Workflows): a customer answers a task reached from a module 6 link.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { workflowReplySchema } from '../link-models.js';
import { line } from '../text.js';

export const executeWorkflowTask = defineCall({
  name: 'executeWorkflowTask',
  method: 'POST',
  path: 'portalapi/Wfm/v1/workflow/task-execute',
  access: 'link',
  refusals: [409, 422],
  reaches: { body: { workflowId: 'workflow.id' } },
  summary: 'Sends the reply to a waiting workflow task, once; answers the feedback to show.',
  body: z.object({
    workflowId: line().check(z.minLength(1), z.maxLength(64)),
    reply: workflowReplySchema,
    taskName: line().check(z.minLength(1), z.maxLength(100)),
  }),
  response: z.object({
    workflowId: z.string(),
    taskName: z.string(),
    reply: workflowReplySchema,
    /** The feedback panel: title from WORKFLOW_REPLIES, then a back-to-dashboard button. */
    feedback: z.object({ title: z.string(), description: z.string() }),
  }),
});
