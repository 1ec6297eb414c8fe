// Address service (stradario, SPEC §7): town and street search and the address check.
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall } from '../call.js';

export const townSchema = z.object({
  tKey: z.string(),
  name: z.string(),
  province: z.string(),
  istatCode: z.string(),
  belfioreCode: z.string(),
  postalCodes: z.array(z.string()),
});

export const streetSchema = z.object({ name: z.string(), postalCode: z.nullable(z.string()) });

export const getTown = defineCall({
  name: 'getTown',
  method: 'GET',
  path: 'stradario/getTown',
  access: 'session',
  reaches: 'nothing',
  summary: 'Municipalities whose name starts with stxt (accents and case ignored).',
  query: z.object({
    stxt: line().check(z.trim(), z.minLength(1), z.maxLength(60)),
    cnt: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
  }),
  response: z.array(townSchema),
});

export const getStreet = defineCall({
  name: 'getStreet',
  method: 'GET',
  path: 'stradario/getStreet',
  access: 'session',
  reaches: 'nothing',
  summary: 'Known streets of a municipality (tKey) matching stxt.',
  query: z.object({
    tKey: line().check(z.minLength(1), z.maxLength(10)),
    stxt: z._default(line().check(z.trim(), z.maxLength(100)), ''),
    cnt: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
  }),
  response: z.array(streetSchema),
});

export const checkAddress = defineCall({
  name: 'checkAddress',
  method: 'POST',
  path: 'stradario/checkAddress',
  access: 'session',
  reaches: 'nothing',
  summary:
    'Scores how well an address matches known data; it passes (verified) at 50 or more (SPEC §5). A street the list does not know, in a known town with its postal code and a plausible civic number, is accepted unverified (ADR 026).',
  body: z.object({
    country: z._default(line().check(z.length(2)), 'IT'),
    company: z.optional(line().check(z.maxLength(10))),
    city: line().check(z.trim(), z.maxLength(100)),
    province: z.optional(line().check(z.trim(), z.maxLength(2))),
    postalCode: line().check(z.trim(), z.maxLength(5)),
    streetName: line().check(z.trim(), z.maxLength(100)),
    civicNumber: line().check(z.trim(), z.maxLength(10)),
  }),
  response: z.object({
    score: z.int().check(z.minimum(0), z.maximum(100)),
    passed: z.boolean(),
    /**
     * verified: passed (score ≥ 50); unverified: only the street is unknown to the street list, so
     * the address may be sent once the customer confirms its normalised form; refused: anything else.
     */
    verdict: z.enum(['verified', 'unverified', 'refused']),
    /** 'Via Solferino 5, 20121 Milano (MI)': the address as it would be stored, when not refused. */
    normalised: z.nullable(z.string()),
    town: z.nullable(townSchema),
    details: z.object({
      town: z.number(),
      postalCode: z.number(),
      street: z.number(),
      civicNumber: z.number(),
    }),
  }),
});
