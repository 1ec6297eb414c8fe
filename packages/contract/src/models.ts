// Shapes of the entities of SPEC §3 as they travel over the wire. Dates are `YYYY-MM-DD`,
// instants ISO 8601, money integer cents.
import * as z from 'zod/mini';
import { line } from './text.js';
import { COMPANY_CODES, USER_STATUSES, USER_TYPES } from './constants.js';

export const companyCodeSchema = z.enum(COMPANY_CODES);
export const isoDate = line().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** Years a date a client sends may name: the database has no year 0, and nothing of ours is older. */
const SANE_YEARS = { first: 1900, last: 2999 };

/**
 * A date a client sends (query, body): a real calendar date (no 2026-02-30) within SANE_YEARS, so that
 * `0000-01-01` is a 400 with the fields named, never a database error.
 */
export const calendarDate = isoDate.check(
  z.refine((v) => {
    const year = Number(v.slice(0, 4));
    if (year < SANE_YEARS.first || year > SANE_YEARS.last) return false;
    const t = Date.parse(v);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
  }),
);
export const isoInstant = z.iso.datetime({ offset: true });

export const clientSpecSchema = z.object({
  version: line().check(z.maxLength(32)),
  type: z.enum(['web', 'ios', 'android']),
  appId: z.optional(line().check(z.maxLength(128))),
});

export const contractRefSchema = z.object({ id: z.string(), key: z.string(), customerId: z.string() });

export const userSchema = z.object({
  id: z.string(),
  key: z.string(),
  username: z.string(),
  status: z.enum(USER_STATUSES),
  type: z.enum(USER_TYPES),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phoneMobile: z.nullable(z.string()),
  /** The user's own customer, when the user is a customer. */
  customerId: z.nullable(z.string()),
  contracts: z.object({ contract: z.array(contractRefSchema) }),
  /** Free JSON text the client keeps its preferences in (SPEC §3). */
  userOptions: z.string(),
  receiveCommercialNotifications: z.boolean(),
  receiveTechNotifications: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  company: companyCodeSchema,
  locale: z.literal('it'),
  roles: z.array(z.enum(['guest', 'user'])),
  user: z.nullable(userSchema),
  expiresAt: isoInstant,
  /** A staff's read-only view of the portal (ADR 043): who looks, why, until when. */
  view: z.optional(z.object({ staffName: z.string(), reason: z.string(), endsAt: isoInstant })),
});
export type Session = z.infer<typeof sessionSchema>;

export const customerTypeSchema = z.enum(['private', 'company', 'condominium']);

export const customerSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** The client code printed on bills. */
  customerId: z.string(),
  customerType: customerTypeSchema,
  fiscalCode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  account: z.object({
    name: z.string(),
    email: z.nullable(z.string()),
    phoneMobile: z.nullable(z.string()),
    phoneHome: z.nullable(z.string()),
  }),
  privacyCompany: z.boolean(),
  privacyOthers: z.boolean(),
  /** True when the session's user reaches this customer through a delegation. */
  delegated: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const moduleSchema = z.object({ key: z.string() });
