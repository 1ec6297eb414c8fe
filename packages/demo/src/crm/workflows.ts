// A workflow task waiting for the customer's reply (the demo-workflow link, module 6): confirm,
// move or refuse a meter-check appointment.
import { workflowTasks } from '@sportello/db/schema';
import type { BuiltCustomer } from '../customers/customer-builder.js';
import type { SeedContext } from '../engine/context.js';
import { addDays, italianDate, romeInstant } from '../engine/dates.js';

export function addWorkflowTask(ctx: SeedContext, customer: BuiltCustomer): string {
  const workflowId = `WF-${ctx.company.code.toUpperCase()}-${customer.key}`;
  ctx.buffer.add(workflowTasks, {
    workflowId,
    companyCode: ctx.company.code,
    customerId: customer.id,
    taskName: 'ConfermaAppuntamento',
    title: 'Conferma l’appuntamento per la verifica del contatore',
    description: `Il tecnico del distributore passerà il ${italianDate(addDays(ctx.today, 9))} tra le 9 e le 13.`,
    replies: ['confirm', 'reschedule', 'refuse'],
    reply: null,
    repliedAt: null,
    createdAt: romeInstant(addDays(ctx.today, -2), 9),
  });
  return workflowId;
}
