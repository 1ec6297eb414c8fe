// ERP calls of the services area (SPEC §2 `ser`, §3, §7): the brand's services with their state per
// supply, activating one through a request, maintenance contracts, and the contact request
// (write-us form, SPEC §1/§5).
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam, pagingQuery } from '../call.js';
import type { MessageCode } from '../messages.js';
import { companyCodeSchema, isoDate } from '../models.js';
import { line, text } from '../text.js';
import { getDocument } from './erp-documents.js';
import { commoditySchema, requestCreatedSchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

/**
 * billing: paperless bill (Bolletta click, through requestBillingOptions); bank_debit: the supplies
 * pages' direct debit; maintenance: the maintenance contracts; activation: anything else the brand
 * offers, activated through requestServiceActivation.
 */
export const serviceKindSchema = z.enum(['billing', 'bank_debit', 'maintenance', 'activation']);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

/** available: can be asked for; pending: asked, 'in attivazione'; active: in force. */
export const serviceStateSchema = z.enum(['available', 'pending', 'active']);
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const serviceSupplySchema = z.object({
  supplyId: z.string(),
  supplyKey: z.string(),
  contractKey: z.string(),
  contractNumber: z.string(),
  commodity: commoditySchema,
  pointCode: z.string(),
  nickname: z.nullable(z.string()),
  address: z.string(),
  state: serviceStateSchema,
  /** Bolletta click: the address bills go to once paperless (the last one asked for). */
  email: z.nullable(z.string()),
});
export type ServiceSupply = z.infer<typeof serviceSupplySchema>;

export const serviceSchema = z.object({
  /** Position in the brand's catalogue: the {index} of /services/{index}. */
  index: z.int(),
  code: z.string(),
  kind: serviceKindSchema,
  name: z.string(),
  description: z.string(),
  /** Once per customer (the cinema voucher): its state is the customer's, the same on every supply. */
  oncePerCustomer: z.boolean(),
  /** The customer's active supplies the service applies to, each with its state. */
  supplies: z.array(serviceSupplySchema),
});
export type Service = z.infer<typeof serviceSchema>;

export const listServices = defineCall({
  name: 'listServices',
  method: 'GET',
  path: `${ERP}/services`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'The brand’s services for a reachable customer, each with its state on every supply it fits.',
  query: z.object({ customerKey: idOrKey }),
  response: z.object({ services: z.array(serviceSchema) }),
});

export const requestServiceActivation = defineCall({
  name: 'requestServiceActivation',
  method: 'POST',
  path: `${ERP}/requests/serviceActivation`,
  access: 'user',
  refusals: [409, 422],
  reaches: { body: { supplyKey: ['supply.key', 'supply.id'] } },
  summary: 'Asks to activate a service of the catalogue on a supply; a once-per-customer one only once.',
  body: z.object({
    serviceIndex: z.int().check(z.minimum(1), z.maximum(999)),
    supplyKey: idOrKey,
  }),
  response: requestCreatedSchema,
});

export const offerSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  commodity: commoditySchema,
  priceType: z.string(),
  description: z.nullable(z.string()),
});

/** The brand's offers for the helper page anyone may open (/helpers/offers): marketing, not data. */
export const listOffers = defineCall({
  name: 'listOffers',
  method: 'GET',
  path: `${ERP}/offers`,
  access: 'public',
  reaches: 'nothing',
  summary: 'The offers a brand sells, for the logged-out offers page; each links to /offers/{key}.',
  query: z.object({ company: companyCodeSchema }),
  response: z.object({ offers: z.array(offerSummarySchema) }),
});

export const maintenanceContractSchema = z.object({
  /** 1-based position in the customer's list: the {index} of /maintenance/{index}. */
  index: z.int(),
  id: z.string(),
  key: z.string(),
  /** What is maintained, in words: a home boiler or a building's boiler room. */
  product: z.string(),
  status: z.string(),
  startDate: isoDate,
  endDate: z.nullable(isoDate),
  annualFeeCents: z.int(),
  supply: z.nullable(
    z.object({ id: z.string(), key: z.string(), pointCode: z.string(), address: z.string() }),
  ),
  nextVisit: z.nullable(isoDate),
  visits: z.array(
    z.object({
      date: isoDate,
      kind: z.string(),
      done: z.boolean(),
      technician: z.nullable(z.string()),
      outcome: z.nullable(z.string()),
    }),
  ),
  /** id: what getMaintenanceDocument downloads. */
  documents: z.array(z.object({ id: z.string(), title: z.string(), date: isoDate, kind: z.string() })),
});
export type MaintenanceContract = z.infer<typeof maintenanceContractSchema>;

export const listMaintenanceContracts = defineCall({
  name: 'listMaintenanceContracts',
  method: 'GET',
  path: `${ERP}/contracts/maintenance`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'Maintenance contracts of a reachable customer (lists of 100), with visits and documents.',
  query: z.object({ customerKey: idOrKey, ...pagingQuery }),
  response: z.object({ count: z.int(), contracts: z.array(maintenanceContractSchema) }),
});

/** One maintenance document as a PDF, for the customer who reaches its contract (like a bill's). */
export const getMaintenanceDocument = defineCall({
  name: 'getMaintenanceDocument',
  method: 'GET',
  path: `${ERP}/contracts/maintenance/documents/:id`,
  access: 'user',
  reaches: { params: { id: 'maintenanceDocument.id' } },
  summary: 'A maintenance contract’s document (report, booklet, contract) as a PDF in base64.',
  params: idParam,
  response: getDocument.response,
});

/** SPEC §3 "Subject values", as the form offers and sends them. */
export const CONTACT_SUBJECTS = [
  'gestione contratto',
  'pagamento',
  'bolletta',
  'contatore',
  'nuova offerta',
  'autolettura',
  'altro',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_MESSAGE_MAX_LENGTH = 1000;

/** Missing or blank and too long each carry their own code (SPEC §5 contact form). */
const required = (code: MessageCode) => ({
  error: (issue: { code?: string | undefined }) => (issue.code === 'invalid_type' ? code : undefined),
});

/** SPEC §3 "Contact request payload" fields both write-us forms send. */
const contactFields = {
  // Any value not among the seven, the empty one included, means no subject was chosen.
  subject: z.enum(CONTACT_SUBJECTS, { error: 'contact_subject_required' satisfies MessageCode }),
  description: text(required('contact_message_required')).check(
    z.trim(),
    z.minLength(1, 'contact_message_required' satisfies MessageCode),
    z.maxLength(CONTACT_MESSAGE_MAX_LENGTH, 'contact_message_too_long' satisfies MessageCode),
  ),
  // The Italian mobile pattern is checked by the server with the domain's validator.
  mobilephone: line(required('contact_phone_required')).check(
    z.trim(),
    z.minLength(1, 'contact_phone_required' satisfies MessageCode),
    z.maxLength(20, 'contact_phone_required' satisfies MessageCode),
  ),
  company: companyCodeSchema,
};

/**
 * SPEC §3 "Contact request payload". The spec nests customer.key and contract.key; here they are
 * the flat customerKey and contractKey, left out when empty, so that the generated access suite
 * can try each of them with a stranger's key like every other reached field.
 */
export const requestInformation = defineCall({
  name: 'requestInformation',
  method: 'POST',
  path: `${ERP}/requests/information`,
  access: 'user',
  refusals: [422, 429],
  reaches: {
    body: { customerKey: ['customer.key', 'customer.id'], contractKey: ['contract.key', 'contract.id'] },
  },
  summary: 'The write-us form: a request of type information, visible in practices; rate limited.',
  body: z.object({
    customerKey: z.optional(idOrKey),
    contractKey: z.optional(idOrKey),
    ...contactFields,
  }),
  response: requestCreatedSchema,
});

export const GUEST_NAME_MAX_LENGTH = 100;

/**
 * SPEC §7 "Contact request" from the registration-time form (§5): whoever is not logged in, with the
 * guest session every visitor has, says who they are (name, client code, e-mail) and accepts the
 * privacy notice. It names nobody's data: the client code is only what the writer says it is, so it
 * is kept with the message for the back office and never opens or fills anyone's practices.
 * Rate limited per e-mail and per address.
 */
export const requestGuestContact = defineCall({
  name: 'requestGuestContact',
  method: 'POST',
  path: `${ERP}/requests/contact`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary: 'The logged-out write-us form (guest session): name, client code, e-mail; rate limited.',
  body: z.object({
    name: line(required('contact_name_required')).check(
      z.trim(),
      z.minLength(1, 'contact_name_required' satisfies MessageCode),
      z.maxLength(GUEST_NAME_MAX_LENGTH, 'contact_name_required' satisfies MessageCode),
    ),
    clientCode: line(required('customer_code_required')).check(
      z.trim(),
      z.minLength(1, 'customer_code_required' satisfies MessageCode),
      // Empty is minLength's to say.
      z.regex(/^\d{0,20}$/, 'invalid_customer_code' satisfies MessageCode),
    ),
    // The pattern (SPEC §5) is the domain's, checked by the server.
    email: line(required('invalid_email')).check(
      z.trim(),
      z.minLength(1, 'invalid_email' satisfies MessageCode),
      z.maxLength(254, 'invalid_email' satisfies MessageCode),
    ),
    privacy: z.literal(true, { error: 'privacy_required' satisfies MessageCode }),
    ...contactFields,
  }),
  response: requestCreatedSchema,
});
