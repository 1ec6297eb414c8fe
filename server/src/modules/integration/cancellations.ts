// What the ERP takes back (ADR 056): a bill it cancels, a message or proposal it withdraws. Each by the
// ERP's key within the calling client's brand (another brand's key is 404 like an unknown one), in one
// transaction with its outbox event, its key's record locked so a load of the same key waits. Each
// answers the record read back, as the customer now sees it.
import type { integration } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { AppError } from '../../http/app-error.js';
import { recordEvent } from '../../platform/events/outbox.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { ProposalsService } from '../proposals/service.js';
import type { ReadBack } from './read-back.js';
import type { IntegrationRepository, RecordKind } from './repository.js';

/** The type code of a credit note (1 bolletta, 2 di chiusura, 4 nota di credito, …). */
const CREDIT_NOTE = 4;

type CancelBody = integration.CancelBillBody;

export function createCancellations(deps: {
  db: Db;
  repository: IntegrationRepository;
  invoices: InvoicesService;
  messages: MessagesService;
  proposals: ProposalsService;
  readBack: ReadBack;
}) {
  const { db, repository } = deps;

  /** The portal row the brand's key names, its record locked for the transaction; else 404. */
  async function lockedEntity(tx: Db, brand: string, kind: RecordKind, extKey: string) {
    const held = await repository.lockRecord(tx, { companyCode: brand, kind, extKey });
    if (!held) throw new AppError(404, 'record_not_found');
    return held.entityId;
  }

  /** The credit note a cancellation names: a bill of type 4 of the same customer, loaded in the brand. */
  async function creditNoteFor(tx: Db, brand: string, creditNoteExtKey: string, customerId: number) {
    const invalid = () =>
      new AppError(422, 'credit_note_invalid', [
        { code: 'credit_note_invalid', message: creditNoteExtKey, field: 'creditNoteExtKey' },
      ]);
    const record = await repository.record(tx, {
      companyCode: brand,
      kind: 'bill',
      extKey: creditNoteExtKey,
    });
    const note = record && (await deps.invoices.billToCancel(tx, record.entityId));
    if (!note || note.invoiceTypeCode !== CREDIT_NOTE || note.customerId !== customerId) throw invalid();
    return note;
  }

  return {
    /**
     * Cancels a bill: plainly while nothing was paid on it; by a credit note once something was (what
     * was paid is the customer's, and the credit note is where it shows). Cancelling twice is 409.
     */
    async cancelBill(brand: string, extKey: string, body: CancelBody, now: Date) {
      await db.transaction(async (tx) => {
        const bill = await deps.invoices.billToCancel(tx, await lockedEntity(tx, brand, 'bill', extKey));
        if (!bill) throw new AppError(404, 'record_not_found');
        if (bill.cancelledAt) throw new AppError(409, 'bill_already_cancelled');
        // The customer has just paid it on the gateway's page: its confirmation decides first.
        if (bill.paymentPending) throw new AppError(409, 'bill_payment_pending');
        const creditNote =
          body.creditNoteExtKey === null
            ? null
            : await creditNoteFor(tx, brand, body.creditNoteExtKey, bill.customerId);
        if (creditNote?.id === bill.id) throw new AppError(422, 'credit_note_invalid');
        const paidCents = bill.amountCents - bill.outstandingCents;
        if (paidCents > 0 && !creditNote) throw new AppError(409, 'bill_paid_needs_credit_note');
        await deps.invoices.cancelFromErp(tx, {
          invoiceId: bill.id,
          reason: body.reason,
          creditNoteId: creditNote?.id ?? null,
          now,
        });
        await recordEvent(tx, {
          companyCode: brand,
          customerId: bill.customerId,
          kind: 'bill.cancelled',
          entityKey: bill.key,
          payload: {
            billId: bill.id,
            billExtKey: extKey,
            invoiceNumber: bill.number,
            reason: body.reason,
            outstandingCentsBefore: bill.outstandingCents,
            creditNoteId: creditNote?.id ?? null,
            creditNoteExtKey: body.creditNoteExtKey,
          },
        });
      });
      return deps.readBack.bill(brand, extKey, now);
    },

    /** Withdraws a message: the customer no longer sees it. Withdrawing it again is 409. */
    async withdrawMessage(brand: string, extKey: string, now: Date) {
      await db.transaction(async (tx) => {
        const id = await lockedEntity(tx, brand, 'message', extKey);
        const withdrawn = await deps.messages.withdrawFromErp(tx, id, now);
        if (!withdrawn) throw new AppError(409, 'already_withdrawn');
        await recordEvent(tx, {
          companyCode: brand,
          customerId: withdrawn.customerId,
          kind: 'message.withdrawn',
          entityKey: withdrawn.key,
          payload: { messageKey: withdrawn.key, messageExtKey: extKey },
        });
      });
      return deps.readBack.message(brand, extKey);
    },

    /**
     * Withdraws a proposal the customer has not answered: no longer shown nor answerable. One they
     * answered is theirs (409 `proposal_answered_by_customer`); withdrawing it again is 409.
     */
    async withdrawProposal(brand: string, extKey: string, now: Date) {
      await db.transaction(async (tx) => {
        const id = await lockedEntity(tx, brand, 'proposal', extKey);
        const withdrawn = await deps.proposals.withdrawFromErp(tx, id, now);
        if ('refused' in withdrawn)
          throw new AppError(
            409,
            withdrawn.refused === 'answered' ? 'proposal_answered_by_customer' : 'already_withdrawn',
          );
        await recordEvent(tx, {
          companyCode: brand,
          customerId: withdrawn.customerId,
          kind: 'proposal.withdrawn',
          entityKey: withdrawn.key,
          payload: { proposalKey: withdrawn.key, proposalExtKey: extKey },
        });
      });
      return deps.readBack.proposal(brand, extKey);
    },
  };
}
