// What loading one ERP record answers (ADR 036), and the refusals that stop it: a record refused
// leaves nothing behind (its transaction rolls back) and says why in its own result. A conflict
// (ADR 050) is a refusal too: the same version with other content, or a write over the portal's own
// work, answered with the version still held and who changed it.
import { createHash } from 'node:crypto';
import { MESSAGES, type MessageCode } from '@sportello/contract';
import type { integration } from '@sportello/contract';
import type * as z from 'zod/mini';

type ImportResult = integration.ImportResult;

/** A field of a record refused: its path in the record, its code when it has its own, and why. */
export interface FieldRefusal {
  field?: string;
  code?: MessageCode;
  message: string;
}

/** A refusal of one record: thrown inside its transaction, so nothing of it is kept. */
export class RecordRefusal extends Error {
  constructor(
    readonly code: MessageCode,
    readonly errors: FieldRefusal[] = [],
  ) {
    super(MESSAGES[code] as string);
  }
}

/**
 * A write that would overwrite what the other side owns (ADR 050), or a version sent again with other
 * content: refused like any refusal (nothing kept), answered `conflict` with the version still held
 * (null: none from the ERP yet) and, over the portal's own work, who changed it.
 */
export class RecordConflict extends RecordRefusal {
  constructor(
    code: MessageCode,
    readonly heldVersion: number | null,
    readonly changedBy?: integration.ChangedBy,
    errors: FieldRefusal[] = [],
  ) {
    super(code, errors);
  }
}

export const refused = (extKey: string | null, refusal: RecordRefusal): ImportResult =>
  refusal instanceof RecordConflict
    ? {
        extKey,
        outcome: 'conflict',
        version: refusal.heldVersion,
        code: refusal.code,
        message: refusal.message,
        ...(refusal.errors.length > 0 ? { errors: refusal.errors } : {}),
        ...(refusal.changedBy ? { changedBy: refusal.changedBy } : {}),
      }
    : {
        extKey,
        outcome: 'refused',
        version: null,
        code: refusal.code,
        message: refusal.message,
        ...(refusal.errors.length > 0 ? { errors: refusal.errors } : {}),
      };

/** A field refused with its own code and that code's Italian message. */
export const fieldRefusal = (field: string, code: MessageCode): FieldRefusal => ({
  field,
  code,
  message: MESSAGES[code] as string,
});

/** A schema's refusal of a record, each issue with its field and Italian message. */
export function invalid(error: z.core.$ZodError): RecordRefusal {
  return new RecordRefusal(
    'invalid_input',
    error.issues.map((issue) => {
      const code: MessageCode =
        issue.message && Object.hasOwn(MESSAGES, issue.message)
          ? (issue.message as MessageCode)
          : 'invalid_input';
      return fieldRefusal(issue.path.join('.'), code);
    }),
  );
}

/**
 * A value's JSON with every object's keys in order, so two equal records print the same text (a
 * schema's map, such as a supply's technical data, keeps the order it was sent in).
 */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

/** The fingerprint of a parsed record's content, kept with its version (ADR 050). */
export const contentHashOf = (record: unknown): string =>
  createHash('sha256').update(canonicalJson(record)).digest('base64url');

/**
 * The outcome a version leads to against the one held: an older one is `stale` and a replay of the
 * same one `unchanged` (nothing written either way); a newer one, or the first, is written. The same
 * version with other content throws the `version_reused` conflict (ADR 050): the change would be lost.
 * A record held without a fingerprint (loaded before they were kept) is taken as the same.
 */
export function versionOutcome(
  held: { version: number; contentHash: string | null } | undefined,
  incoming: number,
  contentHash: string,
) {
  if (held === undefined) return 'created' as const;
  if (incoming < held.version) return 'stale' as const;
  if (incoming > held.version) return 'updated' as const;
  if (held.contentHash !== null && held.contentHash !== contentHash)
    throw new RecordConflict('version_reused', held.version);
  return 'unchanged' as const;
}
