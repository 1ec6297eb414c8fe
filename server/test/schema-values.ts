// Values a contract schema accepts, derived from the schema itself (its zod/mini definition), so the
// generated access and fuzz suites need no sample per call: `exampleOf` gives the smallest valid value
// (optional fields left out), `arbitraryOf` a fast-check arbitrary of valid values. A schema construct
// not handled here throws, naming itself, so a call that brings a new one fails loudly, not silently.
import fc from 'fast-check';
import type * as z from 'zod/mini';

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Def extends Partial<CheckDef> {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: z.ZodMiniType;
  defaultValue?: unknown;
  in?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
}

export const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The checks of a schema, its own format included (z.iso.datetime carries it on the schema). */
const checksOf = (def: Def): CheckDef[] => [
  ...(def.check ? [def as CheckDef] : []),
  ...(def.checks ?? []).map((c) => c._zod.def),
];

export interface Bounds {
  min: number;
  max: number;
  int: boolean;
}

/** Length bounds of a string schema. */
export function stringBounds(schema: z.ZodMiniType): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(defOf(schema))) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') [min, max] = [c.length ?? 0, c.length ?? 0];
  }
  return { min, max };
}

/** Value bounds of a number schema (int: whole numbers only). */
export function numberBounds(schema: z.ZodMiniType): Bounds {
  const bounds: Bounds = { min: -1e9, max: 1e9, int: false };
  for (const c of checksOf(defOf(schema))) {
    if (c.check === 'number_format') bounds.int = c.format !== 'float32' && c.format !== 'float64';
    const value = Number(c.value);
    if (c.check === 'greater_than') bounds.min = c.inclusive ? value : value + 1;
    if (c.check === 'less_than') bounds.max = c.inclusive ? value : value - 1;
  }
  return bounds;
}

const patternOf = (schema: z.ZodMiniType) =>
  checksOf(defOf(schema)).find((c) => c.check === 'string_format' && c.pattern)?.pattern;

const unsupported = (type: string) =>
  new Error(`schema type "${type}" is not handled by server/test/schema-values.ts: add it there`);

/** The smallest value the schema accepts (before its transforms), or undefined for a left-out field. */
export function exampleOf(schema: z.ZodMiniType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
      return undefined;
    case 'nullable':
      return null;
    case 'string': {
      const pattern = patternOf(schema);
      if (pattern) return fc.sample(fc.stringMatching(pattern), { seed: 1, numRuns: 1 })[0];
      const { min, max } = stringBounds(schema);
      return 'a'.repeat(Math.min(Math.max(min, 1), max));
    }
    case 'number': {
      const { min, max } = numberBounds(schema);
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .map(([k, s]) => [k, exampleOf(s)] as const)
          .filter(([, v]) => v !== undefined),
      );
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return exampleOf(def.options![0]!);
    case 'pipe':
      return exampleOf(def.in!);
    default:
      throw unsupported(def.type);
  }
}

const instant = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Valid values of the schema (as a client sends them), optional fields sometimes left out. */
export function arbitraryOf(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!), { nil: null });
    case 'string': {
      if (def.format === 'datetime') return instant;
      const pattern = patternOf(schema);
      const { min, max } = stringBounds(schema);
      if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max);
      const maxLength = Math.min(max, min + 40);
      return fc.oneof(
        fc.string({ minLength: min, maxLength }),
        fc.string({ minLength: min, maxLength, unit: 'grapheme' }),
      );
    }
    case 'number': {
      const { min, max, int } = numberBounds(schema);
      return int
        ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(([k, s]) =>
        arbitraryOf(s).map((v) => [k, v] as const),
      );
      return fc
        .tuple(...fields)
        .map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
    }
    case 'array':
      return fc.array(arbitraryOf(def.element!), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), arbitraryOf(def.valueType!), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...def.options!.map(arbitraryOf));
    case 'pipe':
      return arbitraryOf(def.in!);
    default:
      throw unsupported(def.type);
  }
}

/** Top-level fields of an object schema (or of each option of a union of objects). */
export function fieldsOf(schema: z.ZodMiniType): Record<string, z.ZodMiniType> {
  const def = defOf(schema);
  if (def.shape) return def.shape;
  return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
}
