// ERP calls of the services area (SPEC §2 `ser`, §3, §7): the brand's services with their state per
// supply, activating one through a request, and maintenance contracts. Write-us is erp-support.ts.
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam, pagingQuery } from '../call.js';
import { companyCodeSchema, isoDate } from '../models.js';
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
