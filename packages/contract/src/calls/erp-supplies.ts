// ERP calls for contracts, supplies, offers, meter groups and requests (SPEC §7 ERP).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall, idParam, pagingQuery, queryBoolean } from '../call.js';
import type { MessageCode } from '../messages.js';
import { isoDate, isoInstant } from '../models.js';

const ERP = 'portalapi/Erp/v1';

export const commoditySchema = z.enum(['electricity', 'gas', 'heat']);
export type Commodity = z.infer<typeof commoditySchema>;

export const addressSchema = z.object({
  address: z.string(),
  postalCode: z.string(),
  locality: z.string(),
  province: z.string(),
});

/**
 * A string the user must fill: missing, blank and too long each carry a message code (SPEC §5
 * "civic number, city, postal code and address required"), which the server's error handler and
 * the web form both show instead of the generic invalid-input text.
 */
const requiredText = (code: MessageCode, max: number) =>
  line({ error: (issue) => (issue.code === 'invalid_type' ? code : undefined) }).check(
    z.trim(),
    z.minLength(1, code),
    z.maxLength(max, 'invalid_input' satisfies MessageCode),
  );

/** A string the user may leave out: null when missing. */
const optionalText = (max: number) => z._default(z.nullable(line().check(z.trim(), z.maxLength(max))), null);

/** SPEC §3 "Shipping address". Lengths follow Italian postal practice. */
export const shippingAddressSchema = z.object({
  streetGeneric: optionalText(20),
  streetName: requiredText('address_required', 100),
  civicNumber: requiredText('civic_number_required', 10),
  civicNumberExt: optionalText(10),
  city: requiredText('city_required', 100),
  province: line().check(z.trim(), z.length(2), z.toUpperCase()),
  postalCode: requiredText('postal_code_required', 5).check(
    z.regex(/^\d{5}$/, 'invalid_postal_code' satisfies MessageCode),
  ),
  locality: optionalText(100),
  istatCode: z._default(z.nullable(line().check(z.regex(/^\d{6}$/))), null),
  country: z._default(line().check(z.length(2)), 'IT'),
  floor: optionalText(10),
  building: optionalText(20),
  flatNumber: optionalText(10),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const bankDebitStateSchema = z.enum(['AttivazioneInCorso', 'VariazioneInCorso', 'RevocaInCorso']);

export const bankingSchema = z.object({
  /**
   * The account as pages show it, 'IT•• •••• … 3456': the full IBAN never leaves the server, as
   * no page needs it (the change form asks for a new one and does not pre-fill).
   */
  maskedIban: z.string(),
  bic: z.nullable(z.string()),
  holderName: z.string(),
  holderFiscalCode: z.string(),
  /** null when the mandate is active with no change pending. */
  state: z.nullable(bankDebitStateSchema),
});

export const contractSchema = z.object({
  id: z.string(),
  key: z.string(),
  number: z.string(),
  name: z.string(),
  customerId: z.string(),
  status: z.string(),
  startDate: isoDate,
  endDate: z.nullable(isoDate),
  address: z.nullable(addressSchema),
  shippingAddress: z.nullable(shippingAddressSchema),
  banking: z.nullable(bankingSchema),
  /**
   * While the latest ShippingAddress request of the contract is not processed: when it was made
   * and the address it asks for (null if the request carries none the portal can read).
   */
  shippingAddressChange: z.nullable(
    z.object({ requestedAt: isoInstant, shippingAddress: z.nullable(shippingAddressSchema) }),
  ),
});
export type Contract = z.infer<typeof contractSchema>;

export const supplySchema = z.object({
  id: z.string(),
  key: z.string(),
  extKey: z.string(),
  customerId: z.string(),
  contract: z.object({ id: z.string(), key: z.string(), number: z.string() }),
  offerId: z.nullable(z.string()),
  commodity: commoditySchema,
  /** POD (electricity), PDR (gas) or plant code (district heating). */
  pointCode: z.string(),
  nickname: z.nullable(z.string()),
  status: z.string(),
  address: addressSchema,
  activationDate: isoDate,
  deactivationDate: z.nullable(isoDate),
  technicalData: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type Supply = z.infer<typeof supplySchema>;

export const offerSchema = z.object({
  id: z.string(),
  key: z.string(),
  extKey: z.string(),
  name: z.string(),
  commodity: commoditySchema,
  priceType: z.string(),
  /** priceType 'Orario': the energy price follows the hourly reference price (PUN). */
  hourly: z.boolean(),
  description: z.nullable(z.string()),
  prices: z.array(
    z.object({
      label: z.string(),
      /** Thousandths of a euro per unit (0,123 €/kWh = 123). */
      milliEuro: z.int(),
      unit: z.enum(['kWh', 'Smc', 'month', 'year', 'kW']),
      /** A spread added to the hourly PUN rather than a fixed price. */
      hourly: z.boolean(),
    }),
  ),
  /** Main conditions, one per entry. */
  conditions: z.array(z.string()),
});

export const meterGroupSchema = z.object({
  meterSerial: z.string(),
  fullCapacityStartDate: z.nullable(isoDate),
  Misure: z.object({ Misura: z.array(z.object({ ChannelTypeCode: z.string(), unit: z.string() })) }),
});

export const requestSchema = z.object({
  id: z.int(),
  key: z.string(),
  requestType: z.string(),
  Status: z.string(),
  PhaseCode: z.nullable(z.string()),
  CreatedDate: isoInstant,
  contractId: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** The customer-care answer that closed it (ADR 042), when there is one. */
  answer: z.optional(z.nullable(z.string())),
});
export type RequestTicket = z.infer<typeof requestSchema>;

/** Answer of every request creation: success only when id > 0 (SPEC §5). */
export const requestCreatedSchema = z.object({ id: z.int(), key: z.nullable(z.string()) });

export const NICKNAME_MAX_LENGTH = 30;

export const listContracts = defineCall({
  name: 'listContracts',
  method: 'GET',
  path: `${ERP}/contracts`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'Contracts of a reachable customer.',
  query: z.object({ customerKey: line().check(z.minLength(1), z.maxLength(64)), ...pagingQuery }),
  response: z.object({ count: z.int(), contracts: z.array(contractSchema) }),
});

export const getContract = defineCall({
  name: 'getContract',
  method: 'GET',
  path: `${ERP}/contracts/:id`,
  access: 'user',
  reaches: { params: { id: ['contract.id', 'contract.key'] } },
  summary: 'One contract (by id or key) of a reachable customer.',
  params: idParam,
  response: contractSchema,
});

export const getOffer = defineCall({
  name: 'getOffer',
  method: 'GET',
  path: `${ERP}/offers/:id`,
  access: 'user',
  reaches: { params: { id: ['offer.id', 'offer.key', 'offer.extKey'] } },
  summary: 'An offer by id, or by the ERP key with useExtKey; only offers of reachable supplies.',
  params: idParam,
  query: z.object({ useExtKey: z.optional(queryBoolean) }),
  response: offerSchema,
});

export const getOfferDocument = defineCall({
  name: 'getOfferDocument',
  method: 'GET',
  path: `${ERP}/offers/:id/document`,
  access: 'user',
  reaches: { params: { id: ['offer.id', 'offer.key', 'offer.extKey'] } },
  summary: 'The offer sheet (conditions and prices) as a PDF; same reach and keys as getOffer.',
  params: idParam,
  query: z.object({ useExtKey: z.optional(queryBoolean) }),
  response: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), data: z.string() }),
});

export const listSupplies = defineCall({
  name: 'listSupplies',
  method: 'GET',
  path: `${ERP}/supplies`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'Supplies of a reachable customer, in one query.',
  query: z.object({
    customerKey: line().check(z.minLength(1), z.maxLength(64)),
    activeOnly: z.optional(queryBoolean),
    ...pagingQuery,
  }),
  response: z.object({ count: z.int(), supplies: z.array(supplySchema) }),
});

export const getSupply = defineCall({
  name: 'getSupply',
  method: 'GET',
  path: `${ERP}/supplies/:id`,
  access: 'user',
  reaches: { params: { id: ['supply.id', 'supply.key', 'supply.extKey'] } },
  summary: 'One supply, with technical data on request; by ERP key with useExtKey.',
  params: idParam,
  query: z.object({
    includeTechnicalData: z.optional(queryBoolean),
    useExtKey: z.optional(queryBoolean),
  }),
  response: supplySchema,
});

export const updateSupply = defineCall({
  name: 'updateSupply',
  method: 'PUT',
  path: `${ERP}/supplies`,
  access: 'user',
  reaches: { body: { id: ['supply.id', 'supply.key'] } },
  summary: 'Sets or clears the nickname of a supply.',
  body: z.object({
    id: line().check(z.minLength(1), z.maxLength(64)),
    nickname: z.nullable(
      line().check(z.trim(), z.maxLength(NICKNAME_MAX_LENGTH, 'nickname_too_long' satisfies MessageCode)),
    ),
  }),
  response: supplySchema,
});

export const describeMeterGroup = defineCall({
  name: 'describeMeterGroup',
  method: 'GET',
  path: `${ERP}/metering/describeMeterGroup`,
  access: 'user',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary: 'The meter group of a supply (fullCapacityStartDate decides hourly pricing).',
  query: z.object({ supplyKey: line().check(z.minLength(1), z.maxLength(64)) }),
  response: meterGroupSchema,
});

export const requestShippingAddress = defineCall({
  name: 'requestShippingAddress',
  method: 'POST',
  path: `${ERP}/requests/shippingAddress`,
  access: 'user',
  // Where the paper bills go: a thief's address would receive them. Told to the contacts on file.
  stepUp: true,
  refusals: [409, 422],
  reaches: { body: { contractKey: ['contract.key', 'contract.id'] } },
  summary: 'Asks to change where a contract’s bills are sent.',
  body: z.object({
    contractKey: line().check(z.minLength(1), z.maxLength(64)),
    shippingAddress: shippingAddressSchema,
  }),
  response: requestCreatedSchema,
});

export const requestBankAccountChange = defineCall({
  name: 'requestBankAccountChange',
  method: 'POST',
  path: `${ERP}/requests/bankAccountChange`,
  access: 'user',
  // Activating or changing sets the IBAN money is taken from; revoking stops it: both a thief's aims.
  stepUp: true,
  refusals: [409, 422],
  reaches: { body: { contractKey: ['contract.key', 'contract.id'] } },
  summary: 'Activates, changes or revokes the SEPA direct debit of a contract.',
  body: z.object({
    contractKey: line().check(z.minLength(1), z.maxLength(64)),
    operation: z.enum(['activate', 'change', 'revoke']),
    // Formats are checked by the server with the domain validators; the lengths here only bound
    // the input, with the same message a wrong value gets.
    iban: z.optional(line().check(z.trim(), z.maxLength(42, 'invalid_iban' satisfies MessageCode))),
    bic: z.optional(line().check(z.trim(), z.maxLength(11, 'invalid_bic' satisfies MessageCode))),
    holderName: z.optional(line().check(z.trim(), z.maxLength(100))),
    holderFiscalCode: z.optional(
      line().check(z.trim(), z.maxLength(16, 'invalid_holder_fiscal_code' satisfies MessageCode)),
    ),
  }),
  response: requestCreatedSchema,
});

export const listRequests = defineCall({
  name: 'listRequests',
  method: 'GET',
  path: `${ERP}/requests`,
  access: 'user',
  reaches: {
    query: { customerKey: ['customer.key', 'customer.id'], contractKey: ['contract.key', 'contract.id'] },
  },
  summary: 'Requests of a reachable customer or contract, newest first, optionally of one type.',
  query: z.object({
    customerKey: z.optional(line().check(z.maxLength(64))),
    contractKey: z.optional(line().check(z.maxLength(64))),
    requestType: z.optional(line().check(z.maxLength(50))),
    ...pagingQuery,
  }),
  response: z.object({ count: z.int(), requests: z.array(requestSchema) }),
});

export const getRequest = defineCall({
  name: 'getRequest',
  method: 'GET',
  path: `${ERP}/requests/:id`,
  access: 'user',
  reaches: { params: { id: ['request.id', 'request.key'] } },
  summary: 'One request of a reachable customer.',
  params: idParam,
  response: requestSchema,
});
