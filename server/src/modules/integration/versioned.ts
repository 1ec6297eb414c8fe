// One record of a kind loaded by the ERP's key with its version (ADR 036, 040): parsed by the kind's
// schema, its key's record locked for the transaction (two loads of one key queue), an older version
// `stale` and the same one `unchanged` with nothing written, the same one with other content a
// `version_reused` conflict (ADR 050), otherwise written by the kind and its version and content's
// fingerprint kept. What the customer must be told is queued with the load and sent after its commit.
import type { integration } from '@sportello/contract';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { contentHashOf, invalid, versionOutcome } from './records.js';
import type { NoticePayload, Notices } from './notices.js';
import type { IntegrationRepository, RecordKind } from './repository.js';

type ImportResult = integration.ImportResult;

/** A message for the customer: written to their messages and notified by their channels. */
export type Notice = Omit<Extract<NoticePayload, { type: 'message' }>, 'type'>;
/** What a write tells the customer: a message, or the announce of a row it wrote (notices.ts). */
type Told = Notice | Extract<NoticePayload, { type: 'erpMessage' | 'proposal' | 'priceChange' }>;

/** Where the versions of records of no brand (market prices, every brand's) are kept. */
export const NO_BRAND = '*';

export interface RecordKindSpec<S extends z.ZodMiniType<{ version: number }>> {
  kind: RecordKind;
  schema: S;
  /** Data of no brand: one version per key whichever brand's load brings it. */
  brandless?: true;
  /**
   * Writes the record in `tx` (throws a RecordRefusal to refuse it, leaving nothing, or a
   * RecordConflict with `heldVersion` over what the portal owns, ADR 050); answers the portal row it
   * is and what the customer must be told of it, if anything.
   */
  write(
    tx: Db,
    load: {
      brand: string;
      extKey: string;
      record: z.output<S>;
      heldId: number | null;
      heldVersion: number | null;
      now: Date;
    },
  ): Promise<{ entityId: number; notice?: Told | null; creditCents?: number }>;
}

/** A record parsed by its kind's schema, or the refusal naming each field. */
export function parseRecord<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

export function createVersionedLoader(deps: { db: Db; repository: IntegrationRepository; notices: Notices }) {
  /**
   * A parsed record written in `tx` (its key's record locked until `tx` ends), with the notice it
   * queued in `tx` when `tell` (the initial load tells nobody, ADR 046) for the caller to send after
   * the commit.
   */
  async function writeVersioned<S extends z.ZodMiniType<{ version: number }>>(
    tx: Db,
    spec: RecordKindSpec<S>,
    load: {
      brand: string;
      extKey: string;
      record: z.output<S>;
      now: Date;
      tell: boolean;
      /** The record's fingerprint, when its parser already took it (the initial load's worker). */
      contentHash?: string;
    },
  ): Promise<{ result: ImportResult; notice: { jobId: number | null; notice: NoticePayload } | null }> {
    const { brand, extKey, record, now } = load;
    const contentHash = load.contentHash ?? contentHashOf(record);
    const key = { companyCode: spec.brandless ? NO_BRAND : brand, kind: spec.kind, extKey };
    const held = await deps.repository.lockRecord(tx, key);
    const outcome = versionOutcome(held, record.version, contentHash);
    if (outcome === 'stale' || outcome === 'unchanged')
      return { result: { extKey, outcome, version: held!.version }, notice: null };
    const written = await spec.write(tx, {
      brand,
      extKey,
      record,
      heldId: held?.entityId ?? null,
      heldVersion: held?.version ?? null,
      now,
    });
    await deps.repository.saveRecord(tx, key, written.entityId, record.version, now, contentHash);
    // The notice is kept with the load, in its transaction (notices.ts).
    const told: NoticePayload | null = !written.notice
      ? null
      : 'type' in written.notice
        ? written.notice
        : { type: 'message', ...written.notice };
    // A price-change notice is the record itself, not news: the initial load completes it too (its
    // message and estimate), as history, posting nothing and telling nobody (ADR 058).
    const notice: NoticePayload | null =
      told && load.tell ? told : told?.type === 'priceChange' ? { ...told, post: false, tell: false } : null;
    const jobId = notice
      ? await deps.notices.queue(tx, `${spec.kind}:${brand}:${extKey}:${record.version}`, notice, now)
      : null;
    const credit = written.creditCents ? { creditCents: written.creditCents } : {};
    return {
      result: { extKey, outcome, version: record.version, ...credit },
      notice: notice && { jobId, notice },
    };
  }

  async function loadVersioned<S extends z.ZodMiniType<{ version: number }>>(
    spec: RecordKindSpec<S>,
    brand: string,
    extKey: string,
    input: unknown,
    now: Date,
  ): Promise<ImportResult> {
    const record = parseRecord(spec.schema, input);
    const done = await deps.db.transaction((tx) =>
      writeVersioned(tx, spec, { brand, extKey, record, now, tell: true }),
    );
    if (done.notice) await deps.notices.sendNow(done.notice.jobId, done.notice.notice, now);
    return done.result;
  }

  return { loadVersioned, writeVersioned };
}
