// Rules every call of the contract keeps, checked on all of them at once so a call added later is held
// to them without anyone remembering: its strings refuse control characters, and every field that
// names someone's entity is in its access description (`reaches`).
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { allCalls as portalCalls } from './all-calls.js';
import { staffCalls } from './staff-calls.js';

// The console's calls (ADR 041) follow the portal's rules too.
const allCalls = [...portalCalls, ...staffCalls];
import type { Call, EntityRef } from './call.js';
import { line, multiLineCharacters, oneLineCharacters, text } from './text.js';

interface Def {
  type: string;
  format?: string;
  checks?: unknown[];
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths (`body.shippingAddress.city`) of the strings a schema accepts without the text checks. */
function bareStrings(schema: z.ZodMiniType, path: string): string[] {
  const def = defOf(schema);
  const inner = [def.innerType, def.in, def.element, def.keyType, def.valueType, ...(def.options ?? [])];
  const children = inner
    .filter((s): s is z.ZodMiniType => s !== undefined)
    .flatMap((s) => bareStrings(s, path));
  const fields = Object.entries(def.shape ?? {}).flatMap(([k, s]) => bareStrings(s, `${path}.${k}`));
  const clean =
    def.type !== 'string' ||
    def.format !== undefined ||
    def.checks?.some((c) => c === oneLineCharacters || c === multiLineCharacters);
  return [...(clean ? [] : [path]), ...children, ...fields];
}

const parts = ['params', 'query', 'body'] as const;
const topFields = (call: Call, part: (typeof parts)[number]) => {
  const def = defOf(call[part]);
  const shapes = def.shape ? [def.shape] : (def.options ?? []).map((o) => defOf(o).shape ?? {});
  return [...new Set(shapes.flatMap((s) => Object.keys(s)))];
};

/** Field names that look like an identifier but name nobody's data. */
const NOT_OWNED = new Set([
  'tKey',
  'fbPushId',
  'pushId',
  'mn_msg_id',
  'appId',
  'propertyName',
  'workflowId',
  'useExtKey',
  // Which payment gateway (SPEC §9: 1 by default), a setting, not a customer's record.
  'gatewayId',
]);
/**
 * Staff calls reach customers only (the reach check holds them to the account's brands). These name
 * a record of the asking staff account itself, looked up with that account in the same statement
 * (another's answers 404, as one that never was: staff-passkeys.test.ts proves it).
 */
const STAFF_OWN: Record<string, readonly string[]> = { deleteStaffPasskey: ['key'] };
/**
 * A guest's lookup of what they sent logged out, by its number and the secret code its receipt gave
 * them: the code is the reach (a wrong code answers as an unknown number; complaints/guest.test.ts).
 */
const RECEIPT_CODE: Record<string, readonly string[]> = { lookUpGuestComplaint: ['key'] };
const looksLikeIdentifier = (field: string) =>
  !NOT_OWNED.has(field) && /^(id|key|hashCode)$|(Id|Key|Ids|Keys)$/.test(field);

describe('every call of the contract', () => {
  it.each(allCalls.map((c) => [c.name, c] as const))('%s cleans its text input', (_name, call) => {
    expect(parts.flatMap((part) => bareStrings(call[part], part))).toEqual([]);
  });

  it.each(allCalls.map((c) => [c.name, c] as const))(
    '%s lists every identifier field it takes in `reaches`',
    (_name, call) => {
      expect(call.reaches, 'defineCall needs `reaches`').toBeDefined();
      const described = (part: (typeof parts)[number]) =>
        call.reaches === 'nothing' ? [] : Object.keys(call.reaches[part] ?? {});
      for (const part of parts) {
        const missing = topFields(call, part).filter(
          (f) =>
            looksLikeIdentifier(f) &&
            !described(part).includes(f) &&
            !STAFF_OWN[call.name]?.includes(f) &&
            !RECEIPT_CODE[call.name]?.includes(f),
        );
        expect(missing, `${call.name}: ${part} fields naming an entity, not in reaches`).toEqual([]);
      }
    },
  );

  it.each(
    allCalls.filter((c) => topFields(c, 'query').includes('useExtKey')).map((c) => [c.name, c] as const),
  )(
    '%s, which looks its path id up by ERP key on request, declares that form in `reaches`',
    (_name, call) => {
      // The reach check matches the forms declared: an undeclared ERP key let another's row through.
      const params = (call.reaches === 'nothing' ? {} : (call.reaches.params ?? {})) as Record<
        string,
        EntityRef | EntityRef[]
      >;
      const forms = [params.id ?? []].flat();
      expect(
        forms.some((ref) => ref.endsWith('.extKey')),
        `${call.name}: params.id`,
      ).toBe(true);
    },
  );

  it('finds a bare string wherever it hides (the check above can fail)', () => {
    const schema = z.object({
      a: z.optional(z.array(z.string())),
      b: z._default(z.nullable(line()), null),
      c: z.union([z.object({ d: z.string() }), text()]),
    });
    expect(bareStrings(schema, 'body')).toEqual(['body.a', 'body.c.d']);
  });

  it('names calls uniquely and lists only fields that exist', () => {
    expect(new Set(allCalls.map((c) => c.name)).size).toBe(allCalls.length);
    for (const call of allCalls) {
      if (call.reaches === 'nothing') continue;
      for (const part of parts) {
        const refs = call.reaches[part] ?? {};
        expect(Object.keys(refs).filter((f) => !topFields(call, part).includes(f))).toEqual([]);
        for (const reach of Object.values(refs) as (EntityRef | EntityRef[])[]) {
          expect([reach].flat().every((r) => /^[a-z][A-Za-z]*\.(id|key|extKey|hashCode)$/.test(r))).toBe(
            true,
          );
        }
      }
    }
  });
});

describe('text checks', () => {
  const refusedEverywhere = [
    ['NUL', '\u0000'],
    ['a C0 control', 'a\u001Fb'],
    ['escape', '\u001B[31m'],
    ['DEL', 'x\u007F'],
    ['a C1 control', '\u0085'],
    ['a bidi override', 'abc\u202Egpj.exe'],
    ['a bidi isolate', '\u2066x\u2069'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00'],
    ['a reversed pair', '\uDE00\uD83D'],
  ];
  it.each(refusedEverywhere)('refuses %s in a line and in a text', (_what, value) => {
    for (const schema of [line(), text()]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('invalid_characters');
    }
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\r\nb'],
    ['a line separator', 'a\u2028b'],
  ])('refuses %s in a line only', (_what, value) => {
    expect(line().safeParse(value).success).toBe(false);
    expect(text().safeParse(value).success).toBe(true);
  });

  it.each([
    ['accents and apostrophes', "Sant'Agata di Militello, via Cà Foscari"],
    ['an emoji with a surrogate pair', 'casa 🏠 al mare 👨‍👩‍👧'],
    ['symbols', '€ 12,50 — «ok» № 5'],
    ['an empty string', ''],
  ])('accepts %s', (_what, value) => {
    expect(line().safeParse(value).success).toBe(true);
    expect(text().safeParse(value).success).toBe(true);
  });
});
