// What the customer is told of a load (ADR 040): a new bill's 'Nuova bolletta disponibile', a
// message (a self-reading refused, a request's phase, a complaint's answer), or a new message or
// proposal of the ERP's own, announced by the customer's channels. The notice is queued as a
// job in the load's own transaction and sent right after the commit (jobs/queued-send.ts).
import type { Db } from '@sportello/db/client';
import { createQueuedSend } from '../../jobs/queued-send.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { PriceChangeSend } from '../price-changes/send.js';
import type { PriceChangesService } from '../price-changes/service.js';
import type { ProposalsService } from '../proposals/service.js';

export const NOTICE_JOB = 'integration.notice';
/** The category of the messages that tell a customer what the supplier's systems changed. */
const ERP_NOTICE_CATEGORY = 'Comunicazioni';

export type NoticePayload =
  | { type: 'bill'; invoiceId: number }
  | { type: 'message'; customerId: number; title: string; body: string }
  // A message or a proposal the load itself wrote: its customer is only told of it.
  | { type: 'erpMessage'; messageId: number }
  | { type: 'proposal'; proposalId: number }
  // A price-change notice the load recorded: sent after the commit (its estimate and e-mail or letter).
  | ({ type: 'priceChange' } & PriceChangeSend);

export function createNotices(deps: {
  db: Db;
  invoices: InvoicesService;
  messages: MessagesService;
  proposals: ProposalsService;
  priceChanges: PriceChangesService;
}) {
  async function send(notice: NoticePayload, now: Date) {
    switch (notice.type) {
      case 'bill':
        return deps.invoices.announce(notice.invoiceId, now);
      case 'erpMessage':
        return deps.messages.announce(notice.messageId, now);
      case 'proposal':
        return deps.proposals.announce(notice.proposalId, now);
      case 'priceChange':
        return deps.priceChanges.send(notice, now);
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

  // `key` names the load (kind, key, version), so a notice is queued once.
  return createQueuedSend<NoticePayload>({ db: deps.db, kind: NOTICE_JOB, send });
}

export type Notices = ReturnType<typeof createNotices>;
