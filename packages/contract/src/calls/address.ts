// Address service (stradario, SPEC §7): town and street search and the address check.
import { z } from 'zod';
import { defineCall } from '../call.js';

export const townSchema = z.object({
  tKey: z.string(),
  name: z.string(),
  province: z.string(),
  istatCode: z.string(),
  belfioreCode: z.string(),
  postalCodes: z.array(z.string()),
});

export const streetSchema = z.object({ name: z.string(), postalCode: z.string().nullable() });

export const getTown = defineCall({
  name: 'getTown',
  method: 'GET',
  path: 'stradario/getTown',
  access: 'session',
  summary: 'Municipalities whose name starts with stxt (accents and case ignored).',
  query: z.object({
    stxt: z.string().trim().min(1).max(60),
    cnt: z.coerce.number().int().min(1).max(50).default(10),
  }),
  response: z.array(townSchema),
});

export const getStreet = defineCall({
  name: 'getStreet',
  method: 'GET',
  path: 'stradario/getStreet',
  access: 'session',
  summary: 'Known streets of a municipality (tKey) matching stxt.',
  query: z.object({
    tKey: z.string().min(1).max(10),
    stxt: z.string().trim().max(100).default(''),
    cnt: z.coerce.number().int().min(1).max(50).default(10),
  }),
  response: z.array(streetSchema),
});

export const checkAddress = defineCall({
  name: 'checkAddress',
  method: 'POST',
  path: 'stradario/checkAddress',
  access: 'session',
  summary: 'Scores how well an address matches known data; it passes at 50 or more (SPEC §5).',
  body: z.object({
    country: z.string().length(2).default('IT'),
    company: z.string().max(10).optional(),
    city: z.string().trim().max(100),
    province: z.string().trim().max(2).optional(),
    postalCode: z.string().trim().max(5),
    streetName: z.string().trim().max(100),
    civicNumber: z.string().trim().max(10),
  }),
  response: z.object({
    score: z.number().int().min(0).max(100),
    passed: z.boolean(),
    town: townSchema.nullable(),
    details: z.object({
      town: z.number(),
      postalCode: z.number(),
      street: z.number(),
      civicNumber: z.number(),
    }),
  }),
});
