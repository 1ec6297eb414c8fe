// Reading a record back by the ERP's key (ADR 056): the version held, who changed it last and what the
// portal shows of it now. Only the calling client's brand is read: another brand's key, like a key never
// loaded, is 404 `record_not_found`. A bill is read through the invoices module's own answer (the
// customer's list and page), so its status and what is left to pay are the figures the customer sees.
import { billStatus } from '@sportello/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { integration } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import {
  collectedPayments,
  complaints,
  contracts,
  customers,
  documents,
  integrationRecords,
  invoices,
  messages,
  offers,
  proposals,
  requests,
  staffUsers,
  supplies,
} from '@sportello/db/schema';
import { AppError } from '../../http/app-error.js';
import type { InvoicesService } from '../invoices/service.js';
import type { RecordKind } from './repository.js';

type ChangedBy = integration.ChangedBy;
type Held = { entityId: number; version: number; updatedAt: Date };

const notHeld = () => new AppError(404, 'record_not_found');

/** The ERP changed it last, at this time. */
const byErp = (at: Date | null): ChangedBy => ({
  by: 'erp',
  staffId: null,
  username: null,
  at: at?.toISOString() ?? null,
});

export function createReadBack(deps: { db: Db; invoices: InvoicesService }) {
  const { db } = deps;

  async function heldRecord(brand: string, kind: RecordKind, extKey: string): Promise<Held | undefined> {
    const [row] = await db
      .select({
        entityId: integrationRecords.entityId,
        version: integrationRecords.version,
        updatedAt: integrationRecords.updatedAt,
      })
      .from(integrationRecords)
      .where(
        and(
          eq(integrationRecords.companyCode, brand),
          eq(integrationRecords.kind, kind),
          eq(integrationRecords.extKey, extKey),
        ),
      );
    return row;
  }

  /** The record the brand holds under this key, or 404. */
  async function held(brand: string, kind: RecordKind, extKey: string): Promise<Held> {
    const row = await heldRecord(brand, kind, extKey);
    if (!row) throw notHeld();
    return row;
  }

  /** The ERP keys the brand loaded these portal rows of a kind by (the rows it did not load have none). */
  async function extKeysOf(brand: string, kind: RecordKind, ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ entityId: integrationRecords.entityId, extKey: integrationRecords.extKey })
      .from(integrationRecords)
      .where(
        and(
          eq(integrationRecords.companyCode, brand),
          eq(integrationRecords.kind, kind),
          inArray(integrationRecords.entityId, [...ids]),
        ),
      );
    return new Map(rows.map((r) => [r.entityId, r.extKey]));
  }

  const extKeyOf = async (brand: string, kind: RecordKind, id: number | null) =>
    id === null ? null : ((await extKeysOf(brand, kind, [id])).get(id) ?? null);

  /** A staff member's change, or the ERP's when no staff member made one. */
  async function changedBy(staffId: number | null, at: Date | null, erpAt: Date | null) {
    if (staffId === null) return erpAt ? byErp(erpAt) : null;
    const [staff] = await db
      .select({ username: staffUsers.username })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId));
    return {
      by: 'staff' as const,
      staffId: String(staffId),
      username: staff?.username ?? null,
      at: at?.toISOString() ?? null,
    };
  }

  const base = (extKey: string, row: { id: number; key: string }, record: Held | undefined) => ({
    extKey,
    id: String(row.id),
    key: row.key,
    version: record?.version ?? null,
    loadedAt: record?.updatedAt.toISOString() ?? null,
  });

  return {
    async customer(brand: string, extKey: string): Promise<integration.CustomerReadBack> {
      const record = await held(brand, 'customer', extKey);
      const [row] = await db.select().from(customers).where(eq(customers.id, record.entityId));
      if (!row) throw notHeld();
      const owned = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.customerId, row.id))
        .orderBy(contracts.id);
      const keys = await extKeysOf(
        brand,
        'contract',
        owned.map((c) => c.id),
      );
      return {
        ...base(extKey, row, record),
        changedBy: byErp(record.updatedAt),
        portal: {
          customerCode: row.customerCode,
          name: row.name,
          email: row.email,
          phoneMobile: row.phoneMobile,
          contractExtKeys: owned.flatMap((c) => keys.get(c.id) ?? []),
        },
      };
    },

    async contract(brand: string, extKey: string): Promise<integration.ContractReadBack> {
      const record = await held(brand, 'contract', extKey);
      const [row] = await db.select().from(contracts).where(eq(contracts.id, record.entityId));
      if (!row) throw notHeld();
      const owned = await db
        .select({ id: supplies.id, extKey: supplies.extKey })
        .from(supplies)
        .where(eq(supplies.contractId, row.id))
        .orderBy(supplies.id);
      return {
        ...base(extKey, row, record),
        changedBy: byErp(record.updatedAt),
        portal: {
          customerExtKey: await extKeyOf(brand, 'customer', row.customerId),
          number: row.number,
          name: row.name,
          status: row.status,
          startDate: row.startDate,
          endDate: row.endDate,
          supplyExtKeys: owned.map((s) => s.extKey),
        },
      };
    },

    async supply(brand: string, extKey: string): Promise<integration.SupplyReadBack> {
      const record = await held(brand, 'supply', extKey);
      const [row] = await db.select().from(supplies).where(eq(supplies.id, record.entityId));
      if (!row) throw notHeld();
      return {
        ...base(extKey, row, record),
        changedBy: byErp(record.updatedAt),
        portal: {
          contractExtKey: await extKeyOf(brand, 'contract', row.contractId),
          pointCode: row.pointCode,
          commodity: row.commodity,
          activationDate: row.activationDate,
          deactivationDate: row.deactivationDate,
        },
      };
    },

    async bill(brand: string, extKey: string, now: Date): Promise<integration.BillReadBack> {
      const record = await held(brand, 'bill', extKey);
      const shown = await deps.invoices.asShown(record.entityId, now);
      if (!shown) throw notHeld();
      const { cancellation } = shown;
      const [row] = await db
        .select({ cancelledAt: invoices.cancelledAt })
        .from(invoices)
        .where(eq(invoices.id, record.entityId));
      const cancelledAt = row?.cancelledAt ?? null;
      return {
        ...base(extKey, { id: record.entityId, key: shown.key }, record),
        // The cancellation is the ERP's last change when it came after the bill's load.
        changedBy: byErp(cancelledAt && cancelledAt > record.updatedAt ? cancelledAt : record.updatedAt),
        portal: {
          number: shown.number,
          amountCents: shown.amountCents,
          outstandingCents: shown.outstandingCents,
          status: billStatus(shown),
          toPay: shown.toPay,
          cancellation:
            cancellation && cancelledAt
              ? {
                  at: cancelledAt.toISOString(),
                  reason: cancellation.reason,
                  creditNoteExtKey: await extKeyOf(
                    brand,
                    'bill',
                    cancellation.creditNoteId === null ? null : Number(cancellation.creditNoteId),
                  ),
                }
              : null,
        },
      };
    },

    async payment(brand: string, extKey: string): Promise<integration.PaymentReadBack> {
      const record = await held(brand, 'payment', extKey);
      const [row] = await db
        .select()
        .from(collectedPayments)
        .where(eq(collectedPayments.id, record.entityId));
      if (!row) throw notHeld();
      return {
        ...base(extKey, { id: row.id, key: row.extKey }, record),
        changedBy: byErp(record.updatedAt),
        portal: {
          billExtKey: await extKeyOf(brand, 'bill', row.invoiceId),
          amountCents: row.amountCents,
          appliedCents: row.appliedCents,
          creditCents: row.excessCents,
          collectedOn: row.collectedOn,
          channel: row.channel,
          returned: row.returned,
        },
      };
    },

    async offer(brand: string, extKey: string): Promise<integration.OfferReadBack> {
      const record = await held(brand, 'offer', extKey);
      const [row] = await db.select().from(offers).where(eq(offers.id, record.entityId));
      if (!row) throw notHeld();
      return {
        ...base(extKey, row, record),
        changedBy: byErp(record.updatedAt),
        portal: { name: row.name, commodity: row.commodity, priceType: row.priceType },
      };
    },

    /** A request by the portal's key (the ERP loads its phases by it): held whether or not a phase came. */
    async request(brand: string, extKey: string): Promise<integration.RequestReadBack> {
      const [row] = await db
        .select()
        .from(requests)
        .where(and(eq(requests.companyCode, brand), eq(requests.key, extKey)));
      if (!row) throw notHeld();
      const record = await heldRecord(brand, 'request', extKey);
      return {
        ...base(extKey, row, record),
        changedBy: await changedBy(row.phaseByStaffId, row.closedDate, record?.updatedAt ?? null),
        portal: {
          requestType: row.requestType,
          status: row.status,
          phaseCode: row.phaseCode,
          closedAt: row.closedDate?.toISOString() ?? null,
        },
      };
    },

    /** A complaint by its receipt key, with who answered it: the care staff or the ERP (ADR 050). */
    async complaint(brand: string, extKey: string): Promise<integration.ComplaintReadBack> {
      const [row] = await db
        .select()
        .from(complaints)
        .where(and(eq(complaints.companyCode, brand), eq(complaints.key, extKey)));
      if (!row) throw notHeld();
      const record = await heldRecord(brand, 'complaint', extKey);
      return {
        ...base(extKey, row, record),
        changedBy: await changedBy(row.answeredByStaffId, row.answeredAt, record?.updatedAt ?? null),
        portal: {
          category: row.category,
          answered: row.answeredAt !== null,
          answer: row.answer,
          answeredAt: row.answeredAt?.toISOString() ?? null,
        },
      };
    },

    async message(brand: string, extKey: string): Promise<integration.MessageReadBack> {
      const record = await held(brand, 'message', extKey);
      const [row] = await db
        .select({ message: messages, attachmentName: documents.title })
        .from(messages)
        .leftJoin(documents, eq(documents.id, messages.attachmentDocumentId))
        .where(eq(messages.id, record.entityId));
      if (!row) throw notHeld();
      const { message } = row;
      const at = message.withdrawnAt ?? record.updatedAt;
      return {
        ...base(extKey, message, record),
        changedBy: byErp(at),
        portal: {
          title: message.title,
          read: message.readAt !== null,
          withdrawnAt: message.withdrawnAt?.toISOString() ?? null,
          attachment: row.attachmentName === null ? null : { fileName: row.attachmentName },
        },
      };
    },

    async proposal(brand: string, extKey: string): Promise<integration.ProposalReadBack> {
      const record = await held(brand, 'proposal', extKey);
      const [row] = await db.select().from(proposals).where(eq(proposals.id, record.entityId));
      if (!row) throw notHeld();
      return {
        ...base(extKey, row, record),
        changedBy: byErp(row.withdrawnAt ?? record.updatedAt),
        portal: {
          title: row.title,
          answer:
            row.actionSelected === 'accepted' || row.actionSelected === 'rejected'
              ? row.actionSelected
              : null,
          answeredAt: row.answeredAt?.toISOString() ?? null,
          withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
        },
      };
    },
  };
}

export type ReadBack = ReturnType<typeof createReadBack>;
