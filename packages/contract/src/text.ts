// Text hygiene for every string a client sends, in one place: NUL bytes reach
// PostgreSQL (whose text cannot hold them) and fail there as a 500; other control characters, lone
// surrogates and bidi overrides have no place in a name, an address or a key and can disguise text
// shown to an operator. Every string of a call's params, query and body is built with `line()` or
// `text()`, and a contract test walks the schemas to prove it.
import * as z from 'zod/mini';
import type { MessageCode } from './messages.js';

const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/** DEL, C1, bidi embeddings/overrides/isolates: never welcome. */
const ALWAYS_REFUSED = '\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';
const ONE_LINE = new RegExp(`[\\u0000-\\u001F\\u2028\\u2029${ALWAYS_REFUSED}]|${LONE_SURROGATE}`);
/** A multi-line text keeps tab, line feed and carriage return. */
const MULTI_LINE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${ALWAYS_REFUSED}]|${LONE_SURROGATE}`,
);

const INVALID: { error: MessageCode } = { error: 'invalid_characters' };

/** Whether a one-line field's text is clean: the forms check it in the browser with the same rule. */
export const isOneLine = (value: string) => !ONE_LINE.test(value);
/**
 * What a form says under a field that is not clean, as the server's `invalid_characters` says it. Here,
 * beside the rule, so a form page takes it without FORM_MESSAGES' other texts (its 40 KB budget).
 */
export const INVALID_CHARACTERS = 'Il testo contiene caratteri non ammessi.';

/** The checks themselves, exported so the contract test can tell a clean string from a bare one. */
export const oneLineCharacters = z.refine<string>(isOneLine, INVALID);
export const multiLineCharacters = z.refine<string>((value) => !MULTI_LINE.test(value), INVALID);

type StringParams = Parameters<typeof z.string>[0];

/** A one-line string (names, codes, keys, ids): no control character at all. */
export const line = (params?: StringParams) => z.string(params).check(oneLineCharacters);

/** A multi-line string (a message, an options document): tab and line breaks allowed. */
export const text = (params?: StringParams) => z.string(params).check(multiLineCharacters);
