// Fuzz suite generated from the contract: for every call of allCalls, valid inputs derived
// from its schemas, then broken (wrong types, missing and extra fields, huge, control-character,
// surrogate and emoji strings, numbers at and past their limits, arrays for objects, deep nesting, no
// `request` wrapper, invalid JSON and UTF-8, other content types, hostile path ids, query and session
// header). Every answer must be below 500, in the Italian envelope, and a refused write must leave
// every table as it was. FUZZ_RUNS (random cases per call) and FUZZ_SEED choose the run; CI keeps the
// fixed seed, `npm run fuzz` (bench/fuzz.mjs) runs many more. The suite is the longest of the run, so
// it is shared out among the contract-fuzz-N.test.ts files: each takes every Nth call of each group
// (portal, integration, console), and Vitest runs the files side by side.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allCalls,
  integration,
  integrationCalls,
  INTEGRATION_SCOPES,
  MESSAGES,
  staffCalls,
  type Call,
} from '@sportello/contract';
import { call as request, loginAs } from './app.js';
import {
  identifiers,
  PARTS,
  validInput,
  type Identifiers,
  type Part,
  type Sessions,
} from './access-world.js';
import { databaseKinds } from './databases.js';
import { arbitraryOf, defOf, exampleOf, fieldsOf, numberBounds, stringBounds } from './schema-values.js';
import { AnswerLog } from './openapi-answers.js';
import { useSupplyTestApp } from './supply-fixture.js';
import { FIXTURE_PERSONAL_TOKENS } from './fixture.js';
import { staffSession } from './staff.js';
import { createTokenKeys } from '../src/platform/machine/tokens.js';
import type * as z from 'zod/mini';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

const ITALIAN = new Set<string>(Object.values(MESSAGES));
const hasBody = (c: Call) => c.method === 'POST' || c.method === 'PUT';
/** The console's calls, its public login ones too, are described in the console's own document. */
const isConsoleCall = (c: Call) => staffCalls.includes(c);

/** Strings that have broken servers: each goes into every text field, path id and query value. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u001B[2J\u0007\b',
  '\u007F\u0085\u009F',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  'casa 🏠 👨‍👩‍👧 ñ à',
  '1 OR 1=1',
  "1' OR '1'='1'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%s%s%n',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  ' ',
  'x'.repeat(500),
  'é'.repeat(300),
  '1e309',
  '-0',
  'NaN',
  '__proto__',
];
const HUGE = 'a'.repeat(100_000);
/** Date-shaped strings a database refuses (year 0, past 9999 in arithmetic, no such day). */
const DATE_EDGES = ['0000-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '0001-01-01'];
/** A field that takes a date and not any text: each of its edges is tried, whatever HOSTILE_TEXT gave it. */
const isDateField = (schema: z.ZodMiniType) =>
  schema.safeParse('2026-01-15').success && !schema.safeParse('x').success;

/** Path ids and raw query strings as they may arrive, unencoded or badly encoded. */
const RAW_PATH_IDS = [
  '1%20OR%201=1',
  '..%2F..%2Fetc',
  '..',
  '%',
  '%E0%A4%A',
  '%00',
  '%F0%9F%8F',
  'a'.repeat(500),
  '%C0%AF',
];
const RAW_QUERIES = [
  '%',
  'a=%E0%A4%A',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'a[]=1&a[]=2',
  '&&&==',
  `q=${'x'.repeat(5000)}`,
];

/**
 * Like encodeURIComponent, which throws on a lone surrogate; such a code unit is sent as the bytes
 * UTF-8 would give it, which no valid UTF-8 decoder accepts: one more broken input. A missing value
 * leaves the segment empty.
 */
function encodePathValue(value: unknown): string {
  if (value === undefined) return '';
  return Array.from(String(value), (ch) => {
    if (!/^[\uD800-\uDFFF]$/.test(ch)) return encodeURIComponent(ch);
    const unit = ch.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}

/** Stands for the fuzz session in a case's headers until it is sent. */
const CURRENT_SESSION = 'current-session';

interface Case {
  what: string;
  options: InjectOptions;
}

type Input = Record<Part, Record<string, unknown>>;

/** Which share of the calls a test file fuzzes: every `of`-th call of each group, from `index`. */
export interface FuzzShare {
  index: number;
  of: number;
}

export function fuzzTheContract(share: FuzzShare): void {
  const mine = <T>(group: readonly T[]) => group.filter((_, i) => i % share.of === share.index);
  const portalCalls = mine(allCalls);
  const machineCalls = mine(integrationCalls);
  const consoleCalls = mine(staffCalls);
  describe.each(databaseKinds)(
    `fuzz generated from the contract on %s, share ${share.index + 1} of ${share.of}`,
    (kind) => {
      const ctx = useSupplyTestApp(kind);
      const sessions = {} as Sessions;
      let ids: Identifiers;
      let address = 0;
      const figures = { cases: 0, serverErrors: 0 };
      /** Every answer, held to the OpenAPI document once all calls are fuzzed (the integration calls to theirs). */
      const answers = new AnswerLog();
      const machineAnswers = new AnswerLog(integration.INTEGRATION_OPENAPI_PATH);
      /** The integration calls are made with a machine token of every scope for the fixture's brand (ADR 036). */
      let machineToken = '';
      /** The console's calls (ADR 041) with an administrator's staff session on the fixture's brand. */
      const staffAnswers = new AnswerLog('/services/rest/staff/openapi.json');
      let staffSessionId = '';
      const openStaffSession = async () =>
        (staffSessionId = (await staffSession(ctx.app, ctx.db, 'administrator', ['sga'])).sessionId);

      /** Row count and newest row version of every table: any insert, update or delete moves it. */
      async function tablesChecksum(): Promise<string> {
        const result = (await ctx.db.execute(sql`select fuzz_checksum() as sum`)) as unknown as {
          rows: { sum: string }[];
        };
        return result.rows[0]!.sum;
      }

      beforeAll(async () => {
        // The fuzz runs as the delegate: the login call's inputs name Mario, and a few wrong passwords
        // for him must not lock out the session the fuzz runs on.
        sessions.owner = await loginAs(ctx.app, 'luca');
        ids = identifiers(ctx, sessions);
        await openStaffSession();
        machineToken = await createTokenKeys(ctx.db).sign(
          { clientId: 'cli_fuzz0000000000000000', scopes: [...INTEGRATION_SCOPES], brands: ['sga'] },
          3600,
          new Date(),
        );
        // Every table but the session, rate-limit and login-history bookkeeping, which a refused request
        // may touch (a wrong password is kept in the user's history, a token's last use: ADR 037; an
        // integration call's audit row, ADR 036; a refused passkey ceremony spends its challenge and is
        // kept in the security events: ADR 038; a staff session's last use and the staff audit, which
        // records refusals too: ADR 041). A
        // plpgsql function keeps its plan: five times cheaper than sending the union each time.
        const tables = (await ctx.db.execute(
          sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_name not in ('sessions', 'rate_limits', 'login_history',
            'personal_tokens', 'integration_calls', 'security_events', 'webauthn_challenges',
            'staff_sessions', 'staff_audit', 'anonymous_refusals') order by 1`,
        )) as unknown as { rows: { name: string }[] };
        const perTable = tables.rows.map(
          ({ name }) => `select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as h from "${name}"`,
        );
        await ctx.db.execute(
          sql.raw(`create function fuzz_checksum() returns text language plpgsql as $$
        begin return (select string_agg(h, ',') from (${perTable.join(' union all ')}) s); end $$`),
        );
      });

      afterAll(() => {
        console.info(
          `[fuzz on ${kind}] seed ${SEED}, ${figures.cases} cases over ${portalCalls.length + machineCalls.length + consoleCalls.length} calls, 5xx: ${figures.serverErrors}`,
        );
      });

      /** The request a client would send for an input, with the owner's session. */
      function encode(c: Call, input: Input, overrides: Partial<InjectOptions> = {}): InjectOptions {
        const query = new URLSearchParams(
          Object.entries(input.query).flatMap(([k, v]): [string, string][] =>
            v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
          ),
        ).toString();
        const path = c.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          encodePathValue(input.params[name]),
        );
        return {
          method: c.method,
          url: query ? `${path}?${query}` : path,
          headers: { sessionid: CURRENT_SESSION },
          remoteAddress: `10.30.${Math.floor(++address / 250) % 250}.${address % 250}`,
          ...(hasBody(c) ? { payload: { request: input.body } } : {}),
          ...overrides,
        };
      }

      /**
       * Sends one case and holds the answer to the rules; a refused write must change no row. Cases carry
       * CURRENT_SESSION, replaced here: an earlier case may have ended the session they were built with.
       * The battery checks softly, so one run lists every failing case; the property stops at the first.
       */
      async function check(c: Call, fuzzCase: Case, soft = false): Promise<void> {
        const expectation = soft ? expect.soft : expect;
        const headers = { ...fuzzCase.options.headers } as Record<string, string>;
        if (headers.sessionid === CURRENT_SESSION) headers.sessionid = sessions.owner;
        // A `token` call is made with a personal token (ADR 037): Mario's, whose supplies the inputs name.
        if (c.access === 'token' && headers.sessionid === sessions.owner)
          headers.authorization = `Bearer ${FIXTURE_PERSONAL_TOKENS.mario}`;
        if (c.access === 'machine' && headers.sessionid === sessions.owner)
          headers.authorization = `Bearer ${machineToken}`;
        if (c.access === 'staff' && headers.sessionid === sessions.owner)
          headers.staffsessionid = staffSessionId;
        const before = c.method === 'GET' ? '' : await tablesChecksum();
        const log = c.access === 'machine' ? machineAnswers : isConsoleCall(c) ? staffAnswers : answers;
        const res = log.record(c, await ctx.app.inject({ ...fuzzCase.options, headers }), fuzzCase.what);
        figures.cases++;
        if (res.statusCode >= 500) figures.serverErrors++;
        const label = `${c.name} / ${fuzzCase.what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expectation(res.statusCode, label).toBeLessThan(500);
        const body = res.json();
        if (res.statusCode >= 400) {
          expectation(body.success, label).toBe(false);
          expectation(ITALIAN, label).toContain(body.message);
          for (const error of body.errors as { message: string }[]) {
            expectation(ITALIAN, label).toContain(error.message);
          }
          if (c.method !== 'GET')
            expectation(await tablesChecksum(), `rows changed by ${label}`).toBe(before);
        } else {
          expectation(body.success, label).toBe(true);
          // An accepted case may have ended or rotated the session (logout, login): log in again.
          const alive = await request(ctx.app, 'GET', 'portalapi/Core/v1/modules', {
            sessionId: sessions.owner,
          });
          if (alive.statusCode === 401) sessions.owner = await loginAs(ctx.app, 'luca');
          if (c.access === 'staff' && c.name === 'staffLogout') await openStaffSession();
        }
      }

      /**
       * An integration or console call's input: its schemas' examples, with what it reaches set to the
       * fixture's brand (integration) or to Mario, a customer of that brand (console).
       */
      function exampleInput(c: Call, reached: string): Input {
        const input = {} as Input;
        for (const part of PARTS) {
          input[part] = { ...(exampleOf(c[part]) as Record<string, unknown>) };
          const fields = c.reaches === 'nothing' ? {} : (c.reaches[part] ?? {});
          for (const field of Object.keys(fields)) input[part][field] = reached;
        }
        return input;
      }
      const inputOf = (c: Call): Input =>
        c.access === 'machine'
          ? exampleInput(c, 'sga')
          : c.access === 'staff'
            ? exampleInput(c, String(ctx.fixture.mario.id))
            : (validInput(c, 'owner', ids) as Input);

      /** Paths to every leaf field of a schema, with its schema (nested objects followed). */
      function leaves(schema: z.ZodMiniType, path: string[] = []): [string[], z.ZodMiniType][] {
        const def = defOf(schema);
        if (['optional', 'default', 'nullable'].includes(def.type)) return leaves(def.innerType!, path);
        if (def.type === 'pipe') return leaves(def.in!, path);
        const fields = def.type === 'object' || def.type === 'union' ? Object.entries(fieldsOf(schema)) : [];
        if (fields.length === 0) return path.length ? [[path, schema]] : [];
        return [
          ...(path.length ? [[path, schema] as [string[], z.ZodMiniType]] : []),
          ...fields.flatMap(([k, s]) => leaves(s, [...path, k])),
        ];
      }

      const setAt = (
        value: Record<string, unknown>,
        path: string[],
        leaf: unknown,
      ): Record<string, unknown> => {
        const [head, ...rest] = path;
        const current = value[head!];
        const inner =
          typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {};
        return { ...value, [head!]: rest.length ? setAt(inner, rest, leaf) : leaf };
      };
      const dropAt = (value: Record<string, unknown>, path: string[]): Record<string, unknown> => {
        if (path.length === 1) {
          const { [path[0]!]: _dropped, ...rest } = value;
          return rest;
        }
        const inner = value[path[0]!];
        return typeof inner === 'object' && inner !== null
          ? { ...value, [path[0]!]: dropAt(inner as Record<string, unknown>, path.slice(1)) }
          : value;
      };

      /**
       * Values that break a field of this schema: wrong types and the limits of its kind, plus `hostile`,
       * this field's share of HOSTILE_TEXT (the battery spreads the list over a call's fields, so each
       * string reaches every call once without multiplying the cases by the fields).
       */
      function brokenValues(schema: z.ZodMiniType, hostile: string[]): unknown[] {
        const def = defOf(schema);
        const wrongTypes = [null, 12, ['a'], { a: 1 }];
        if (def.type === 'string' || (def.type === 'pipe' && defOf(def.in!).type === 'string')) {
          const { min, max } = stringBounds(schema);
          const lengths = [min - 1, max + 1].filter((n) => n >= 0 && n <= HUGE.length);
          const dates = isDateField(schema) ? DATE_EDGES : [];
          return [
            ...wrongTypes,
            '\u0000',
            '\uD800',
            HUGE,
            ...lengths.map((n) => 'x'.repeat(n)),
            ...dates,
            ...hostile,
          ];
        }
        if (def.type === 'number') {
          const { min, max } = numberBounds(schema);
          return [...wrongTypes, min - 1, max + 1, 0.5, 2 ** 53, '12abc', ...hostile];
        }
        return [...wrongTypes, 'x', '\u0000', ...hostile];
      }

      const fieldsToBreak = (c: Call) =>
        PARTS.flatMap((part) => leaves(c[part]).map(([path, schema]) => ({ part, path, schema })));

      const deep = (depth: number, leaf: unknown): unknown =>
        Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: inner }), leaf);

      /** The deterministic battery: every broken value in every field, every raw body and path trick. */
      function battery(c: Call, valid: Input): Case[] {
        const cases: Case[] = [];
        const fields = fieldsToBreak(c);
        for (const part of PARTS) {
          for (const [path, schema] of leaves(c[part])) {
            const at = `${part}.${path.join('.')}`;
            const index = fields.findIndex((f) => f.part === part && f.path.join('.') === path.join('.'));
            const hostile = HOSTILE_TEXT.filter((_, i) => i % fields.length === index);
            for (const value of brokenValues(schema, hostile)) {
              if (part === 'params' && typeof value !== 'string') continue;
              const broken = { ...valid, [part]: setAt(valid[part], path, value) };
              cases.push({
                what: `${at} = ${JSON.stringify(value)?.slice(0, 40)}`,
                options: encode(c, broken),
              });
            }
            cases.push({
              what: `${at} missing`,
              options: encode(c, { ...valid, [part]: dropAt(valid[part], path) }),
            });
          }
          if (part !== 'params') {
            const extra = {
              ...valid,
              [part]: { ...valid[part], unexpected: 'x', __proto__x: { polluted: true } },
            };
            cases.push({ what: `${part} with extra fields`, options: encode(c, extra) });
          }
        }
        const url = encode(c, valid).url as string;
        const [path, query] = url.split('?');
        for (const raw of RAW_QUERIES) {
          cases.push({
            what: `raw query ${raw.slice(0, 30)}`,
            options: encode(c, valid, { url: `${path}?${query ? `${query}&` : ''}${raw}` }),
          });
        }
        if (c.path.includes(':')) {
          for (const raw of RAW_PATH_IDS) {
            cases.push({
              what: `raw path id ${raw.slice(0, 30)}`,
              options: encode(c, valid, { url: c.path.replace(/:[A-Za-z]+/g, raw) }),
            });
          }
        }
        for (const header of [
          'x'.repeat(22),
          'x'.repeat(5000),
          '\u00e9'.repeat(22),
          `${sessions.owner}\u0000`,
          ' ',
        ]) {
          cases.push({
            what: `session header ${header.slice(0, 12)}`,
            options: encode(c, valid, {
              headers: c.access === 'staff' ? { staffsessionid: header } : { sessionid: header },
            }),
          });
        }
        if (!hasBody(c)) {
          cases.push({
            what: 'a body on a call without one',
            options: encode(c, valid, { payload: { request: HUGE } }),
          });
          return cases;
        }
        const json = { 'content-type': 'application/json', sessionid: CURRENT_SESSION };
        const raws: [string, string | Buffer, Record<string, string>][] = [
          ['no request wrapper', JSON.stringify(valid.body), json],
          ['request is an array', JSON.stringify({ request: [valid.body] }), json],
          ['request is a string', JSON.stringify({ request: 'x' }), json],
          ['request is null', JSON.stringify({ request: null }), json],
          ['body is an array', JSON.stringify([{ request: valid.body }]), json],
          ['body is null', 'null', json],
          ['body is a number', '1', json],
          ['empty body', '', json],
          ['invalid JSON', '{"request": {', json],
          ['trailing garbage', `${JSON.stringify({ request: valid.body })}}`, json],
          ['lone surrogate escape', '{"request":{"x":"\\uD800","y":"\\uDC00"}}', json],
          ['NUL escape in a key', '{"request":{"\\u0000":"x"}}', json],
          [
            'proto pollution',
            '{"request":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}}',
            json,
          ],
          [
            'invalid UTF-8 bytes',
            Buffer.concat([
              Buffer.from('{"request":{"a":"'),
              Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
              Buffer.from('"}}'),
            ]),
            json,
          ],
          ['nested 100 deep', JSON.stringify({ request: deep(100, valid.body) }), json],
          ['nested 100000 deep', `{"request":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, json],
          ['huge key', JSON.stringify({ request: { ...valid.body, [HUGE]: 1 } }), json],
          ['text/plain', JSON.stringify({ request: valid.body }), { ...json, 'content-type': 'text/plain' }],
          ['form encoded', 'request=x', { ...json, 'content-type': 'application/x-www-form-urlencoded' }],
          [
            'multipart',
            '--b\r\ncontent-disposition: form-data; name="request"\r\n\r\nx\r\n--b--',
            { ...json, 'content-type': 'multipart/form-data; boundary=b' },
          ],
          ['xml', '<request/>', { ...json, 'content-type': 'application/xml' }],
          [
            'latin-1 JSON',
            JSON.stringify({ request: valid.body }),
            { ...json, 'content-type': 'application/json; charset=iso-8859-1' },
          ],
          ['no content type', JSON.stringify({ request: valid.body }), { sessionid: CURRENT_SESSION }],
          ['bad content type', '{}', { ...json, 'content-type': ';;;/' }],
        ];
        for (const [what, payload, headers] of raws)
          cases.push({ what, options: encode(c, valid, { payload, headers }) });
        return cases;
      }

      /** Random cases: a valid input from the schema, then one of its fields broken at random. */
      function randomCase(c: Call): fc.Arbitrary<Case> {
        const validArb = fc.record({
          params: arbitraryOf(c.params),
          query: arbitraryOf(c.query),
          body: arbitraryOf(c.body),
        }) as fc.Arbitrary<Input>;
        const fields = fieldsToBreak(c);
        const valueArb = fc.oneof(
          fc.constantFrom(...HOSTILE_TEXT),
          fc.string({ unit: 'binary', maxLength: 50 }),
          fc.string({ unit: 'grapheme', maxLength: 50 }),
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string(), { maxLength: 3 }),
          fc.object({ maxDepth: 3 }),
        );
        const brokenArb = fields.length
          ? fc
              .tuple(validArb, fc.constantFrom(...fields), valueArb, fc.boolean())
              .map(([valid, f, value, drop]): Case => {
                // A path segment is text: anything else goes as its JSON (fc.object can make objects String() refuses).
                if (f.part === 'params' && typeof value !== 'string') value = JSON.stringify(value) ?? '';
                const part = drop ? dropAt(valid[f.part], f.path) : setAt(valid[f.part], f.path, value);
                const what = `${f.part}.${f.path.join('.')} ${drop ? 'missing' : `= ${JSON.stringify(value)?.slice(0, 60)}`}`;
                return { what, options: encode(c, { ...valid, [f.part]: part }) };
              })
          : validArb.map((valid): Case => ({ what: 'valid', options: encode(c, valid) }));
        const valid = fc
          .constant(inputOf(c))
          .map((v): Case => ({ what: 'owner valid', options: encode(c, v) }));
        return fc.oneof(
          { arbitrary: brokenArb, weight: 4 },
          {
            arbitrary: validArb.map((v): Case => ({ what: 'schema valid', options: encode(c, v) })),
            weight: 1,
          },
          { arbitrary: valid, weight: 1 },
        );
      }

      describe.each(
        [...portalCalls, ...machineCalls, ...consoleCalls].map((c) => [`${c.method} ${c.name}`, c] as const),
      )('%s', (_name, c) => {
        it('answers every broken input of the battery below 500, in the Italian envelope, changing nothing', async () => {
          for (const fuzzCase of battery(c, inputOf(c))) await check(c, fuzzCase, true);
        });

        it(
          `answers ${RUNS} random broken inputs the same way (seed ${SEED})`,
          async () => {
            await fc.assert(
              fc.asyncProperty(randomCase(c), async (fuzzCase) => {
                await check(c, fuzzCase);
              }),
              { seed: SEED, numRuns: RUNS, endOnFailure: true },
            );
            // A login or a re-login after logout costs a password hash: large runs need the time.
          },
          30_000 + RUNS * 500,
        );
      });

      describe('an oversize body', () => {
        it.each(machineCalls.filter(hasBody).map((c) => [c.name, c] as const))(
          '%s answers 413 in the Italian envelope and loads nothing',
          async (_name, c) => {
            const ndjson = c.path.endsWith(':extKey') ? null : integration.NDJSON;
            // Past the batch's 8 MB (a line too long for any record) or the JSON body's limit.
            const payload = ndjson
              ? `${JSON.stringify({ extKey: 'X-1', pad: 'x'.repeat(9 * 1024 * 1024) })}\n`
              : JSON.stringify({ request: { pad: 'x'.repeat(9 * 1024 * 1024) } });
            const before = await tablesChecksum();
            const res = await ctx.app.inject({
              ...encode(c, inputOf(c)),
              headers: {
                authorization: `Bearer ${machineToken}`,
                'content-type': ndjson ?? 'application/json',
              },
              payload,
            });
            expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
            expect(res.json().success).toBe(false);
            expect(ITALIAN).toContain(res.json().message);
            expect(await tablesChecksum()).toBe(before);
          },
        );
      });

      describe('the OpenAPI document', () => {
        it('describes every answer the fuzz received', async () => {
          expect(answers.size).toBeGreaterThan(0);
          expect(await answers.mismatches(ctx.app)).toEqual([]);
        });
        it('describes every answer a console call gave in the console document', async () => {
          expect(staffAnswers.size).toBeGreaterThan(0);
          expect(await staffAnswers.mismatches(ctx.app)).toEqual([]);
        });

        it('describes every answer an integration call gave in the integration document', async () => {
          expect(machineAnswers.size).toBeGreaterThan(0);
          expect(await machineAnswers.mismatches(ctx.app)).toEqual([]);
        });
      });
    },
  );
}
