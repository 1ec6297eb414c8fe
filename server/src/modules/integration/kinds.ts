// The kinds the ERP loads beside customers and bills (ADR 040), each a schema and a write: payments
// collected elsewhere, readings and verdicts on self-readings, reading windows, the phases of requests
// and the answers to complaints, curves and prices, offers, messages, proposals and price-change notices. The version, the lock, the per-line result and the refusal are the loader's
// (versioned.ts); each row is written by the module that owns its table. What the care staff own
// (ADR 050: a request they ended, a complaint's one answer) is a conflict here, never overwritten.
import { integration, type MessageCode } from '@sportello/contract';
import type * as z from 'zod/mini';
import { formatDate, formatEuro } from '@sportello/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import {
  contracts,
  invoices,
  messages as messagesTable,
  readings as readingsTable,
  supplies,
} from '@sportello/db/schema';
import { safePdf, UnreadableFile } from '../../integrations/files/safe-files.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { DocumentsService } from '../documents/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import type { PriceChangesService } from '../price-changes/service.js';
import type { ProposalsService } from '../proposals/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { AppError } from '../../http/app-error.js';
import { fieldRefusal, RecordConflict, RecordRefusal } from './records.js';
import type { IntegrationRepository } from './repository.js';
import type { RecordKindSpec } from './versioned.js';

/** Each kind's record schema, by the name the service's `put` and `batch` and the CLI's `load` take. */
export const RECORD_SCHEMAS = {
  payments: integration.paymentRecord,
  readings: integration.readingRecord,
  readingWindows: integration.readingWindowRecord,
  requestPhases: integration.requestPhaseRecord,
  complaintAnswers: integration.complaintAnswerRecord,
  curves: integration.curveRecord,
  prices: integration.priceRecord,
  offers: integration.offerRecord,
  messages: integration.messageRecord,
  proposals: integration.proposalRecord,
  priceChanges: integration.priceChangeRecord,
};

export function createRecordKinds(deps: {
  repository: IntegrationRepository;
  invoices: InvoicesService;
  metering: MeteringService;
  requests: RequestsService;
  complaints: ComplaintsService;
  supplies: SuppliesService;
  messages: MessagesService;
  proposals: ProposalsService;
  priceChanges: PriceChangesService;
  documents: DocumentsService;
}) {
  const { repository } = deps;

  /** The portal row of a record the ERP loaded before in the brand, or the refusal naming the field. */
  async function loaded(
    tx: Db,
    brand: string,
    kind: 'bill' | 'supply' | 'customer' | 'contract',
    extKey: string,
    refusal: {
      code: 'unknown_bill' | 'unknown_supply' | 'unknown_customer' | 'unknown_contract';
      field: string;
    },
  ) {
    const record = await repository.record(tx, { companyCode: brand, kind, extKey });
    if (!record) throw new RecordRefusal(refusal.code, [fieldRefusal(refusal.field, refusal.code)]);
    return record.entityId;
  }

  /** Who changed what a conflict refuses to overwrite: a care staff member, and when. */
  const staffChange = (staff: { id: number; username: string }, at: Date | null) => ({
    by: 'staff' as const,
    staffId: String(staff.id),
    username: staff.username,
    at: at?.toISOString() ?? null,
  });

  /** The supply a record names by `supplyExtKey`, loaded before. */
  const loadedSupply = (tx: Db, brand: string, extKey: string) =>
    loaded(tx, brand, 'supply', extKey, { code: 'unknown_supply', field: 'supplyExtKey' });

  /** The customer a record names by `customerExtKey`, loaded before. */
  const loadedCustomer = (tx: Db, brand: string, extKey: string) =>
    loaded(tx, brand, 'customer', extKey, { code: 'unknown_customer', field: 'customerExtKey' });

  const payments: RecordKindSpec<typeof integration.paymentRecord> = {
    kind: 'payment',
    schema: RECORD_SCHEMAS.payments,
    async write(tx, { brand, extKey, record }) {
      const invoiceId = await loaded(tx, brand, 'bill', record.billExtKey, {
        code: 'unknown_bill',
        field: 'billExtKey',
      });
      // A cancelled bill is owed nothing: money collected for it goes on its credit note (ADR 056).
      if ((await deps.invoices.billToCancel(tx, invoiceId))?.cancelledAt)
        throw new RecordRefusal('bill_cancelled', [{ field: 'billExtKey', message: record.billExtKey }]);
      // A payment stays on the bill it was first loaded for (ADR 027: owners never change).
      const before = await deps.invoices.collectedPaymentOf(tx, brand, extKey);
      if (before && before.invoiceId !== invoiceId) throw new RecordRefusal('payment_moved');
      const saved = await deps.invoices.collectFromErp(tx, {
        companyCode: brand,
        extKey,
        invoiceId,
        channel: record.channel,
        collectedOn: record.collectedOn,
        amountCents: record.amountCents,
        returned: record.returned,
      });
      // More than the bill owed is real money the customer paid: kept as their credit, told to them
      // when it first appears or grows, and answered to the ERP beside the outcome (ADR 051).
      if (saved.excessCents <= saved.excessBefore)
        return { entityId: saved.id, creditCents: saved.excessCents };
      const [bill] = await tx
        .select({ customerId: invoices.customerId, number: invoices.number })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      return {
        entityId: saved.id,
        creditCents: saved.excessCents,
        notice: bill && {
          customerId: bill.customerId,
          title: 'Pagamento superiore al dovuto',
          body:
            `Abbiamo ricevuto ${formatEuro(record.amountCents)} per la bolletta n. ${bill.number}, ` +
            `${formatEuro(saved.excessCents)} in più di quanto dovuto. Questa somma resta a tuo credito: ` +
            'la scaleremo dalle prossime bollette, oppure puoi chiederne il rimborso al servizio clienti.',
        },
      };
    },
  };

  const readings: RecordKindSpec<typeof integration.readingRecord> = {
    kind: 'reading',
    schema: RECORD_SCHEMAS.readings,
    async write(tx, { brand, record, heldId }) {
      const supplyId = await loadedSupply(tx, brand, record.supplyExtKey);
      if (record.status === 'refused' && record.message === null)
        throw new RecordRefusal('reading_refusal_message_missing', [
          { field: 'message', message: 'Obbligatorio per una lettura rifiutata.' },
        ]);
      const [supply] = await tx
        .select({ customerId: supplies.customerId, pointCode: supplies.pointCode })
        .from(supplies)
        .where(eq(supplies.id, supplyId));
      const note = record.status === 'refused' ? record.message : null;

      if (record.selfReadingKey !== null) {
        const readingId = Number(record.selfReadingKey.slice('READING-'.length));
        if (heldId !== null && heldId !== readingId) throw new RecordRefusal('reading_moved');
        const before = await deps.metering.judgeSelfReading(tx, {
          readingId,
          supplyId,
          status: record.status,
          note,
        });
        if (before === null)
          throw new RecordRefusal('unknown_reading', [
            { field: 'selfReadingKey', message: record.selfReadingKey },
          ]);
        // Told once: when the reading becomes refused, not when a refusal is sent again.
        const notice =
          record.status === 'refused' && before !== 'refused' && supply
            ? {
                customerId: supply.customerId,
                title: 'Autolettura non accettata',
                body: `L'autolettura del ${formatDate(record.readingDate)} per la fornitura ${supply.pointCode} non è stata accettata: ${note}`,
              }
            : null;
        return { entityId: readingId, notice };
      }

      if (record.values === null)
        throw new RecordRefusal('reading_values_missing', [
          { field: 'values', message: 'Obbligatori per una lettura del distributore o stimata.' },
        ]);
      if (heldId !== null) {
        // A reading stays on its supply (ADR 027: owners never change).
        const [row] = await tx
          .select({ supplyId: readingsTable.supplyId })
          .from(readingsTable)
          .where(eq(readingsTable.id, heldId));
        if (row && row.supplyId !== supplyId) throw new RecordRefusal('reading_moved');
      }
      const entityId = await deps.metering.saveReadingFromErp(
        tx,
        {
          supplyId,
          readingDate: record.readingDate,
          source: record.source,
          status: record.status,
          values: record.values,
          note,
        },
        heldId,
      );
      return { entityId };
    },
  };

  const readingWindows: RecordKindSpec<typeof integration.readingWindowRecord> = {
    kind: 'readingWindow',
    schema: RECORD_SCHEMAS.readingWindows,
    async write(tx, { brand, record, heldId }) {
      const supplyId = await loadedSupply(tx, brand, record.supplyExtKey);
      const window = { supplyId, opensOn: record.opensOn, closesOn: record.closesOn };
      const saved = await deps.metering.saveReadingWindowFromErp(tx, window, heldId);
      // A window stays on its supply (ADR 027: owners never change): refused, the load rolls back.
      if (saved.supplyIdBefore !== supplyId) throw new RecordRefusal('reading_window_moved');
      return { entityId: saved.id };
    },
  };

  const requestPhases: RecordKindSpec<typeof integration.requestPhaseRecord> = {
    kind: 'request',
    schema: RECORD_SCHEMAS.requestPhases,
    async write(tx, { brand, extKey, record, heldVersion, now }) {
      const request = await deps.requests.lockByKey(tx, brand, extKey);
      if (!request) throw new RecordRefusal('unknown_request');
      // A request the care staff closed or cancelled stays so (ADR 050): the ERP may agree, not reopen it.
      if (request.phaseBy && deps.requests.ended(request.status)) {
        if (record.status !== request.status)
          throw new RecordConflict(
            'request_ended_by_staff',
            heldVersion,
            staffChange(request.phaseBy, request.closedDate),
          );
        return { entityId: request.id };
      }
      await deps.requests.setPhase(tx, {
        id: request.id,
        status: record.status,
        phaseCode: record.phaseCode,
        closedDate: request.closedDate ?? now,
      });
      const changed = request.status !== record.status || request.phaseCode !== record.phaseCode;
      const notice = changed
        ? deps.requests.phaseNotice({ ...request, key: extKey }, record, record.note ?? null)
        : null;
      return { entityId: request.id, notice };
    },
  };

  const complaintAnswers: RecordKindSpec<typeof integration.complaintAnswerRecord> = {
    kind: 'complaint',
    schema: RECORD_SCHEMAS.complaintAnswers,
    async write(tx, { brand, extKey, record, heldVersion }) {
      const complaint = await deps.complaints.lockByKey(tx, brand, extKey);
      if (!complaint) throw new RecordRefusal('unknown_complaint');
      // One answer to a complaint, whoever gives it first (ADR 050): another text would be a second
      // answer to the customer; the same text is the ERP agreeing, and changes nothing they see.
      if (complaint.answer !== null && complaint.answer !== record.answer)
        throw new RecordConflict(
          'complaint_already_answered',
          heldVersion,
          complaint.answeredBy
            ? staffChange(complaint.answeredBy, complaint.answeredAt)
            : { by: 'erp', staffId: null, username: null, at: complaint.answeredAt?.toISOString() ?? null },
        );
      // The rectification likewise (ADR 063): the first outcome recorded stays; checked before anything is written.
      const rectification = record.rectification
        ? { outcome: record.rectification.outcome, at: new Date(record.rectification.at) }
        : null;
      const fits = rectification ? deps.complaints.rectificationFits(complaint, rectification) : 'same';
      if (fits === 'none') throw new RecordRefusal('complaint_rectification_not_due_here');
      if (fits === 'other')
        throw new RecordConflict(
          'complaint_already_rectified',
          heldVersion,
          complaint.rectifiedBy
            ? staffChange(complaint.rectifiedBy, complaint.rectifiedAt)
            : { by: 'erp', staffId: null, username: null, at: complaint.rectifiedAt?.toISOString() ?? null },
        );
      if (rectification && fits === 'write')
        await deps.complaints.rectify(tx, { id: complaint.id, ...rectification, staffUserId: null });
      if (complaint.answer === null) {
        await deps.complaints.answerFromErp(tx, {
          id: complaint.id,
          answer: record.answer,
          answeredAt: new Date(record.answeredAt),
        });
        return {
          entityId: complaint.id,
          notice: deps.complaints.answerNotice(complaint.customerId, extKey, record.answer),
        };
      }
      return {
        entityId: complaint.id,
        notice:
          rectification && fits === 'write'
            ? deps.complaints.rectificationNotice(complaint.customerId, extKey, rectification)
            : null,
      };
    },
  };

  /** A day's values must be one an interval: 24 hours (23, 25 when clocks change) or 4 times as many. */
  function checkLength(day: string, resolution: 'PT60M' | 'PT15M', values: readonly number[], field: string) {
    const expected = deps.metering.dayIntervals(day, resolution).length;
    if (values.length !== expected)
      throw new RecordRefusal('curve_length_mismatch', [
        { field, message: `Attesi ${expected} valori per il ${day}, ricevuti ${values.length}.` },
      ]);
  }

  const curves: RecordKindSpec<typeof integration.curveRecord> = {
    kind: 'curve',
    schema: RECORD_SCHEMAS.curves,
    async write(tx, { brand, record }) {
      const supplyId = await loadedSupply(tx, brand, record.supplyExtKey);
      const [supply] = await tx
        .select({ commodity: supplies.commodity })
        .from(supplies)
        .where(eq(supplies.id, supplyId));
      // A gas meter is read in cubic metres a day or a month, a district-heating plant's meter by
      // period: an hourly curve on either is a wrong key (curves are the electricity meter's).
      if (supply?.commodity === 'gas')
        throw new RecordRefusal('curve_on_gas', [fieldRefusal('supplyExtKey', 'curve_on_gas')]);
      if (supply?.commodity === 'heat')
        throw new RecordRefusal('curve_on_heat', [fieldRefusal('supplyExtKey', 'curve_on_heat')]);
      checkLength(record.day, record.resolution, record.quantities, 'quantities');
      await deps.metering.saveCurveFromErp(tx, { supplyId, ...record });
      return { entityId: supplyId };
    },
  };

  const prices: RecordKindSpec<typeof integration.priceRecord> = {
    kind: 'prices',
    schema: RECORD_SCHEMAS.prices,
    // Every brand shows a market's prices: their versions are the market's and the day's, no brand's.
    brandless: true,
    async write(tx, { extKey, record }) {
      const key = `${record.market}-${record.day}`;
      if (extKey !== key) throw new RecordRefusal('price_key_mismatch', [{ field: 'extKey', message: key }]);
      checkLength(record.day, record.resolution, record.prices, 'prices');
      await deps.metering.savePricesFromErp(tx, record);
      // A day of prices is no portal row of its own: the record keeps only its version.
      return { entityId: 0 };
    },
  };

  const offers: RecordKindSpec<typeof integration.offerRecord> = {
    kind: 'offer',
    schema: RECORD_SCHEMAS.offers,
    async write(tx, { brand, extKey, record }) {
      const { version: _version, ...offer } = record;
      const entityId = await deps.supplies.saveOfferFromErp(tx, { ...offer, companyCode: brand, extKey });
      if (entityId === null) throw new RecordRefusal('ext_key_taken');
      return { entityId };
    },
  };

  /**
   * A message's PDF attachment, rewritten as files others send are (ADR 055) and kept as the
   * customer's document (the one the message had, replaced); its id. Refused past its size or unreadable.
   */
  async function storeAttachment(
    tx: Db,
    load: {
      brand: string;
      extKey: string;
      customerId: number;
      heldId: number | null;
      attachment: NonNullable<integration.MessageRecord['attachment']>;
    },
  ) {
    const pdf = Buffer.from(load.attachment.contentBase64, 'base64');
    if (pdf.length > integration.MESSAGE_ATTACHMENT_MAX_BYTES)
      throw new RecordRefusal('message_attachment_too_large', [
        fieldRefusal('attachment.contentBase64', 'message_attachment_too_large'),
      ]);
    const safe = await safePdf(pdf).catch((error: unknown) => {
      if (!(error instanceof UnreadableFile)) throw error;
      throw new RecordRefusal('message_attachment_invalid', [
        fieldRefusal('attachment.contentBase64', 'message_attachment_invalid'),
      ]);
    });
    const [held] =
      load.heldId === null
        ? []
        : await tx
            .select({ documentId: messagesTable.attachmentDocumentId })
            .from(messagesTable)
            .where(eq(messagesTable.id, load.heldId));
    const stored = await deps.documents.storeBillPdfFromErp(tx, {
      documentId: held?.documentId ?? null,
      key: `DOC-MSG-${load.brand}-${load.extKey}`,
      customerId: load.customerId,
      document: {
        documentType: 'AllegatoMessaggio',
        contentType: 'application/pdf',
        title: load.attachment.fileName,
      },
      base64: safe.toString('base64'),
    });
    return stored.id;
  }

  const messages: RecordKindSpec<typeof integration.messageRecord> = {
    kind: 'message',
    schema: RECORD_SCHEMAS.messages,
    async write(tx, { brand, extKey, record, heldId, now }) {
      const customerId = await loadedCustomer(tx, brand, record.customerExtKey);
      const { title, body, category } = record;
      const attachmentDocumentId = record.attachment
        ? await storeAttachment(tx, { brand, extKey, customerId, heldId, attachment: record.attachment })
        : null;
      const saved = await deps.messages.saveFromErp(
        tx,
        { customerId, title, body, category, attachmentDocumentId },
        heldId,
        now,
      );
      // A message stays with its customer (ADR 027: owners never change), and withdrawn (ADR 056).
      if (saved.customerIdBefore !== customerId) throw new RecordRefusal('message_moved');
      if (saved.withdrawn) throw new RecordRefusal('record_withdrawn');
      // Told once: when it first arrives, not when a newer version corrects it.
      return {
        entityId: saved.id,
        notice: heldId === null ? { type: 'erpMessage', messageId: saved.id } : null,
      };
    },
  };

  const proposals: RecordKindSpec<typeof integration.proposalRecord> = {
    kind: 'proposal',
    schema: RECORD_SCHEMAS.proposals,
    async write(tx, { brand, record, heldId, now }) {
      const customerId = await loadedCustomer(tx, brand, record.customerExtKey);
      let contractId: number | null = null;
      if (record.contractExtKey !== null) {
        contractId = await loaded(tx, brand, 'contract', record.contractExtKey, {
          code: 'unknown_contract',
          field: 'contractExtKey',
        });
        const [contract] = await tx
          .select({ customerId: contracts.customerId })
          .from(contracts)
          .where(eq(contracts.id, contractId));
        if (contract?.customerId !== customerId)
          throw new RecordRefusal('proposal_contract_mismatch', [
            { field: 'contractExtKey', message: record.contractExtKey },
          ]);
      }
      const saved = await deps.proposals.saveFromErp(
        tx,
        {
          customerId,
          contractId,
          title: record.title,
          description: record.description,
          startDate: record.startDate,
          endDate: record.endDate,
          energyPriceMicro: record.price?.energyMicroEuro ?? null,
          priceUnit: record.price?.unit ?? null,
          fixedFeeCents: record.price?.fixedFeeCentsPerMonth ?? null,
          effectiveDate: record.effectiveDate,
        },
        heldId,
        now,
      );
      // The customer's answer wins over any version (ADR 040 item 12), heard as `proposal.answered`.
      if ('refused' in saved)
        throw new RecordRefusal(
          saved.refused === 'answered'
            ? 'proposal_answered_by_customer'
            : saved.refused === 'withdrawn'
              ? 'record_withdrawn'
              : 'proposal_moved',
        );
      return {
        entityId: saved.id,
        notice: heldId === null ? { type: 'proposal', proposalId: saved.id } : null,
      };
    },
  };

  const priceChanges: RecordKindSpec<typeof integration.priceChangeRecord> = {
    kind: 'priceChange',
    schema: RECORD_SCHEMAS.priceChanges,
    async write(tx, { brand, extKey, record, heldId, now }) {
      const supplyId = await loadedSupply(tx, brand, record.supplyExtKey);
      const compensationInvoiceId =
        record.compensationBillExtKey === null
          ? null
          : await loaded(tx, brand, 'bill', record.compensationBillExtKey, {
              code: 'unknown_bill',
              field: 'compensationBillExtKey',
            });
      try {
        const saved = await deps.priceChanges.saveFromErp(
          tx,
          {
            extKey,
            heldId,
            record: {
              supplyId,
              supplyExtKey: record.supplyExtKey,
              prices: record.prices,
              effectiveOn: record.effectiveOn,
              deliveredOn: record.deliveredOn,
              compensationInvoiceId,
            },
          },
          now,
        );
        // A new notice is sent after the commit: its estimate reads the supply's months outside the load.
        return { entityId: saved.id, notice: saved.send && { type: 'priceChange' as const, ...saved.send } };
      } catch (err) {
        // The notice's own checks (the period, the prices): refused with their code and fields.
        if (!(err instanceof AppError)) throw err;
        throw new RecordRefusal(
          err.code,
          err.errors.map((e) => ({
            message: e.message,
            code: e.code as MessageCode,
            ...(e.field ? { field: e.field } : {}),
          })),
        );
      }
    },
  };

  return {
    payments,
    readings,
    readingWindows,
    requestPhases,
    complaintAnswers,
    curves,
    prices,
    offers,
    messages,
    proposals,
    priceChanges,
  };
}

export type RecordKinds = ReturnType<typeof createRecordKinds>;
export type RecordKindName = keyof typeof RECORD_SCHEMAS;
export const RECORD_KIND_NAMES = Object.keys(RECORD_SCHEMAS) as RecordKindName[];
/** A kind's spec whatever its record's schema (the loaders parse with it). */
export type AnyKind = RecordKindSpec<z.ZodMiniType<{ version: number }>>;
