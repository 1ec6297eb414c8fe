// What the customer is told of a load (ADR 040): a new bill's 'Nuova bolletta disponibile', a
// message (a self-reading refused, a request's phase, a complaint's answer), or a new message or
// proposal of the ERP's own, announced by the customer's channels. The notice is queued as a
// job in the load's own transaction, so it exists exactly when the load does, and sent right after the
// commit; should that fail or the process die first, the jobs worker sends it once its grace is over.
// At least once: a process that dies between sending and marking it done leaves it to be sent again.
import type { Db } from '@sportello/db/client';
import { completeUnclaimed, enqueueIn, type JobRow } from '../../jobs/queue.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { ProposalsService } from '../proposals/service.js';

export const NOTICE_JOB = 'integration.notice';
/** How long the worker leaves a notice to the load that queued it. */
const NOTICE_GRACE_MS = 60_000;
/** The category of the messages that tell a customer what the supplier's systems changed. */
const ERP_NOTICE_CATEGORY = 'Comunicazioni';

export type NoticePayload =
  | { type: 'bill'; invoiceId: number }
  | { type: 'message'; customerId: number; title: string; body: string }
  // A message or a proposal the load itself wrote: its customer is only told of it.
  | { type: 'erpMessage'; messageId: number }
  | { type: 'proposal'; proposalId: number };

export function createNotices(deps: {
  db: Db;
  invoices: InvoicesService;
  messages: MessagesService;
  proposals: ProposalsService;
}) {
  async function send(notice: NoticePayload, now: Date) {
    switch (notice.type) {
      case 'bill':
        return deps.invoices.announce(notice.invoiceId, now);
      case 'erpMessage':
        return deps.messages.announce(notice.messageId, now);
      case 'proposal':
        return deps.proposals.announce(notice.proposalId, now);
      case 'message':
        await deps.messages.send({
          customerId: notice.customerId,
          title: notice.title,
          body: notice.body,
          category: ERP_NOTICE_CATEGORY,
          now,
        });
    }
  }

  return {
    /** In the load's transaction; `key` names the load (kind, key, version), so a notice is queued once. */
    queue: (tx: Db, key: string, notice: NoticePayload, now: Date) =>
      enqueueIn(tx, NOTICE_JOB, notice, `${NOTICE_JOB}:${key}`, new Date(now.getTime() + NOTICE_GRACE_MS)),

    /** After the commit: sent now and marked done; a failure leaves it to the worker. */
    async sendNow(jobId: number | null, notice: NoticePayload, now: Date) {
      if (jobId === null) return;
      try {
        await send(notice, now);
      } catch {
        return; // still pending: the worker sends it after its grace
      }
      await completeUnclaimed(deps.db, jobId, { sent: true }, new Date());
    },

    /** The worker's handler. */
    async run(job: JobRow) {
      await send(job.payload as NoticePayload, new Date());
      return { sent: true };
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
