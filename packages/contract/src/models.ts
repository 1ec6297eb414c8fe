// Shapes of the entities of SPEC §3 as they travel over the wire. Dates are `YYYY-MM-DD`,
// instants ISO 8601, money integer cents.
import { z } from 'zod';
import { COMPANY_CODES, USER_STATUSES, USER_TYPES } from './constants.js';

export const companyCodeSchema = z.enum(COMPANY_CODES);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const isoInstant = z.string().datetime({ offset: true });

export const clientSpecSchema = z.object({
  version: z.string().max(32),
  type: z.enum(['web', 'ios', 'android']),
  appId: z.string().max(128).optional(),
});

export const contractRefSchema = z.object({ id: z.string(), key: z.string(), customerId: z.string() });

export const userSchema = z.object({
  id: z.string(),
  key: z.string(),
  username: z.string(),
  status: z.enum(USER_STATUSES),
  type: z.enum(USER_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneMobile: z.string().nullable(),
  /** The user's own customer, when the user is a customer. */
  customerId: z.string().nullable(),
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
  user: userSchema.nullable(),
  expiresAt: isoInstant,
});
export type Session = z.infer<typeof sessionSchema>;

export const customerTypeSchema = z.enum(['private', 'company', 'condominium']);

export const customerSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** The client code printed on bills. */
  customerId: z.string(),
  customerType: customerTypeSchema,
  fiscalCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  account: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phoneMobile: z.string().nullable(),
    phoneHome: z.string().nullable(),
  }),
  privacyCompany: z.boolean(),
  privacyOthers: z.boolean(),
  /** True when the session's user reaches this customer through a delegation. */
  delegated: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const moduleSchema = z.object({ key: z.string() });

export const confPropertySchema = z.object({ name: z.string(), value: z.string() });

export const linkSchema = z.object({
  id: z.string(),
  hashCode: z.string(),
  module: z.object({ id: z.number().int() }),
  entityKey: z.string().nullable(),
  additionalParams: z.string().nullable(),
  item: z.enum(['invoice', 'message', 'supply', 'proposal', 'password', 'workflow', 'pun']).nullable(),
  customerId: z.string().nullable(),
  expiresAt: isoInstant.nullable(),
});
export type Link = z.infer<typeof linkSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  title: z.string(),
  createdAt: isoInstant,
  readTime: isoInstant.nullable(),
  acceptedTime: isoInstant.nullable(),
  readingDate: isoInstant.nullable(),
  confirmationDate: isoInstant.nullable(),
  mn_msg_id: z.string().nullable(),
  pushId: z.string().nullable(),
  notificationType: z.object({
    acceptanceRequired: z.boolean(),
    description: z.string(),
    detail: z.string().nullable(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;
