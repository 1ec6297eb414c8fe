// Query-string fields many calls share. Apart from call.ts (re-exported there), which the web's
// entry chunk holds whole, so their schemas load with the calls that use them.
import * as z from 'zod/mini';

/** Query-string booleans arrive as text; accept the usual spellings. */
export const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
  z.transform((v) => v === true || v === 'true' || v === '1'),
);

export const pagingQuery = {
  pagingSkip: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  pagingTake: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
};
