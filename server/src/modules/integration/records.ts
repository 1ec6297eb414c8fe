// What loading one ERP record answers (ADR 036), and the refusals that stop it: a record refused
// leaves nothing behind (its transaction rolls back) and says why in its own result.
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

/** A field refused with its own code and that code's Italian message. */
export const fieldRefusal = (field: string, code: MessageCode): FieldRefusal => ({
  field,
  code,
  message: MESSAGES[code] as string,
});

export const refused = (extKey: string | null, refusal: RecordRefusal): ImportResult => ({
  extKey,
  outcome: 'refused',
  version: null,
  code: refusal.code,
  message: refusal.message,
  ...(refusal.errors.length > 0 ? { errors: refusal.errors } : {}),
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
 * The outcome a version leads to against the one held: an older one is `stale` and a replay of the
 * same one `unchanged` (nothing written either way); a newer one, or the first, is written.
 */
export function versionOutcome(held: number | undefined, incoming: number) {
  if (held === undefined) return 'created' as const;
  if (incoming < held) return 'stale' as const;
  if (incoming === held) return 'unchanged' as const;
  return 'updated' as const;
}
