// Workflow routes (SPEC §7 Workflows): the reply to a waiting task.
import type { FastifyInstance } from 'fastify';
import { workflows as calls } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { WorkflowsService } from './service.js';

export default function workflowRoutes(app: FastifyInstance, workflows: WorkflowsService) {
  route(app, calls.executeWorkflowTask, ({ body }) => workflows.execute(body, new Date()));
}
