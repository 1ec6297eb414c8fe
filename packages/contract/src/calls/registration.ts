// Registration, delegation request and forgotten password (SPEC §2 Registration, Forgotten password;
// §7 users, users/validate, check-fiscal-data, associate-contract-to-user, password-reset). A client
// code with its tax code is proof of knowledge, not a reference to someone's data: those calls name
// nobody's entity (`reaches: 'nothing'`) and answer the same refusal for an unknown and a wrong pair.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { customerTypeSchema, isoInstant } from '../models.js';
import type { MessageCode } from '../messages.js';
import { line } from '../text.js';

const CORE = 'portalapi/Core/v1';
const WFM = 'portalapi/Wfm/v1';
const BPM = 'bpm/v1';

const customerCode = line().check(z.trim(), z.minLength(1), z.maxLength(20));
const taxCode = line().check(z.trim(), z.minLength(1), z.maxLength(16));
const username = line().check(z.trim(), z.minLength(1), z.maxLength(50));
const password = line().check(z.minLength(1), z.maxLength(200));
const name = line().check(z.trim(), z.minLength(1), z.maxLength(80));

/** Who a registration names: the customer's type, tax code (fiscal code or VAT number) and client code. */
export const fiscalDataSchema = z.object({
  customerType: customerTypeSchema,
  taxCode,
  customerCode,
});

/** The delegator a delegation request names: its client code, and its tax code to prove knowledge. */
export const delegatorSchema = z.object({ customerCode, taxCode });

const consents = {
  /** Consent to the processing of personal data: mandatory (SPEC §5). */
  privacyConsent: z.boolean(),
  privacyCompany: z._default(z.boolean(), false),
  privacyOthers: z._default(z.boolean(), false),
};

export const registrationAddressSchema = z.object({
  streetName: line().check(z.trim(), z.minLength(1), z.maxLength(100)),
  civicNumber: line().check(z.trim(), z.minLength(1), z.maxLength(10)),
  city: line().check(z.trim(), z.minLength(1), z.maxLength(100)),
  province: line().check(z.trim(), z.minLength(2), z.maxLength(2)),
  postalCode: line().check(z.trim(), z.minLength(5), z.maxLength(5)),
});

/** A contact on file a registration code can go to, shown masked (`m•••@e•••.it`, `+39 ••• ••• •543`). */
export const REGISTRATION_CHANNELS = ['email', 'phone'] as const;
export const registrationContactSchema = z.object({
  channel: z.enum(REGISTRATION_CHANNELS),
  masked: z.string(),
});

/**
 * How the applicant proves to be the customer (ADR 022): the code sent to a contact on file, or,
 * only when nothing is on file, the number and total (as printed, e.g. `142,35`) of a recent bill.
 */
export const registrationProofSchema = z.union([
  z.object({
    workflowId: line().check(z.trim(), z.minLength(1), z.maxLength(64)),
    code: line().check(z.trim(), z.maxLength(10, 'registration_code_wrong' satisfies MessageCode)),
  }),
  z.object({
    invoiceNumber: line().check(z.trim(), z.minLength(1), z.maxLength(40)),
    invoiceTotal: line().check(z.trim(), z.minLength(1), z.maxLength(20)),
  }),
]);

export const registrationSupplySchema = z.object({
  contractNumber: z.string(),
  name: z.string(),
  commodity: z.enum(['electricity', 'gas', 'heat']),
  address: z.string(),
});

export const checkFiscalData = defineCall({
  name: 'checkFiscalData',
  method: 'POST',
  path: `${CORE}/check-fiscal-data`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Registration step 2: the tax code and client code find one customer of the brand (else 422 ' +
    'fiscal_data_mismatch) with an active contract, or a former customer within six months of the ' +
    'last end (ADR 066; later 422 personal_area_closed; else 422 contract_not_active), and no user ' +
    'yet (else 422 user_already_registered). Answers its active supplies (a former customer: the ' +
    'ended ones, with `formerCustomer`), and its contacts on file, masked, for the code that proves ' +
    'possession (none: a recent bill is asked instead).',
  body: fiscalDataSchema,
  response: z.object({
    holderName: z.string(),
    supplies: z.array(registrationSupplySchema),
    contacts: z.array(registrationContactSchema),
    /** Every contract ended: the last end and the last day the personal area stays open. */
    formerCustomer: z.nullable(z.object({ endedOn: z.string(), openUntil: z.string() })),
  }),
});

export const registrationCodeStart = defineCall({
  name: 'registrationCodeStart',
  method: 'POST',
  path: `${BPM}/registration-check`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Sends a 4-digit code (10 minutes, single use, 5 tries) to the e-mail or mobile ON FILE for the ' +
    'customer the fiscal data find, never to an address typed here. At most 3 codes per hour per ' +
    'customer, whatever the caller’s address.',
  body: z.object({ ...fiscalDataSchema.shape, channel: z.enum(REGISTRATION_CHANNELS) }),
  response: z.object({ workflowId: z.string(), expiresAt: z.string(), sentTo: z.string() }),
});

export const validateUsername = defineCall({
  name: 'validateUsername',
  method: 'POST',
  path: `${CORE}/users/validate`,
  access: 'session',
  refusals: [429],
  reaches: 'nothing',
  summary:
    'Whether a username is well formed (letters and digits) and still free in the brand. Every lookup ' +
    'counts against the caller’s address (with the taken answers of users): too many answer 429.',
  body: z.object({ username }),
  response: z.object({ valid: z.boolean(), available: z.boolean() }),
});

export const createUser = defineCall({
  name: 'createUser',
  method: 'POST',
  path: `${CORE}/users`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Creates a portal user: a customer (fiscal data verified again and proved by the code sent to a ' +
    'contact on file, or a recent bill when none is on file; tied to the customer at once; 422 ' +
    'user_already_registered when it has a user) or a delegate (contacts, address checked by the ' +
    'address service, optionally a delegation request). A confirmation e-mail follows, and the ' +
    'customer’s contacts on file are told of the new account.',
  body: z.object({
    username,
    password,
    confirmPassword: password,
    ...consents,
    customer: z.optional(z.object({ ...fiscalDataSchema.shape, proof: registrationProofSchema })),
    delegate: z.optional(
      z.object({
        firstName: name,
        lastName: name,
        email: line().check(z.trim(), z.minLength(1), z.maxLength(120)),
        phoneMobile: line().check(z.trim(), z.minLength(1), z.maxLength(20)),
        address: registrationAddressSchema,
        delegation: z.optional(delegatorSchema),
      }),
    ),
  }),
  response: z.object({
    id: z.string(),
    username: z.string(),
    /** Present when a delegation was asked: the delegate waits for the delegator's confirmation. */
    delegation: z.nullable(z.enum(['pending', 'granted'])),
  }),
});

export const associateContractToUser = defineCall({
  name: 'associateContractToUser',
  method: 'POST',
  path: `${WFM}/associate-contract-to-user/start`,
  access: 'user',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Ties the customer named by its fiscal data to the logged-in user, who has none yet, with the ' +
    'proof of possession of registration (the code sent to a contact on file, or a recent bill when ' +
    'none is on file); a customer with a user of its own answers 422 user_already_registered, one ' +
    'the user already reaches is done.',
  body: z.object({ ...fiscalDataSchema.shape, proof: registrationProofSchema }),
  response: z.object({ status: z.literal('completed'), customerId: z.string() }),
});

export const requestDelegation = defineCall({
  name: 'requestDelegation',
  method: 'POST',
  path: `${WFM}/delegation-request/start`,
  access: 'user',
  stepUp: true,
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Asks a delegation (SPEC §6): the delegator confirms through a module 6 link e-mailed to the ' +
    'address on file; then every client code under the same tax or VAT code is reached. Asking twice ' +
    'answers the same pending request.',
  body: delegatorSchema,
  response: z.object({ status: z.enum(['pending', 'granted']) }),
});

// The delegations a customer has given (ADR 047): its holder sees, revokes and sets them. A delegate
// reaches the customer too, so the service refuses anyone but the holder (403 delegation_holder_only).
const ERP = 'portalapi/Erp/v1';
const delegationCustomer = { customerId: ['customer.id', 'customer.key'] } as const;

export const givenDelegationSchema = z.object({
  /** The delegate's username: names the delegation in the calls below. */
  username: z.string(),
  name: z.string(),
  since: isoInstant,
  /** The delegate may change the direct debit's IBAN (money-moving changes); off unless turned on. */
  mayChangeBanking: z.boolean(),
});
export type GivenDelegation = z.output<typeof givenDelegationSchema>;

export const listGivenDelegations = defineCall({
  name: 'listGivenDelegations',
  method: 'GET',
  path: `${ERP}/customers/:customerId/delegations`,
  access: 'user',
  // A customer the portal does not know is no delegation to list (delegation_not_found).
  refusals: [422],
  reaches: { params: delegationCustomer },
  summary: 'The active delegations the customer has given, for its holder only (a delegate gets 403).',
  params: z.object({ customerId: line().check(z.minLength(1), z.maxLength(64)) }),
  response: z.array(givenDelegationSchema),
});

const delegationParams = z.object({
  customerId: line().check(z.minLength(1), z.maxLength(64)),
  username,
});

export const revokeDelegation = defineCall({
  name: 'revokeDelegation',
  method: 'DELETE',
  path: `${ERP}/customers/:customerId/delegations/:username`,
  access: 'user',
  refusals: [422],
  reaches: { params: delegationCustomer },
  summary:
    'The holder revokes a delegation: from the next call the delegate reaches nothing of the customer ' +
    '(every client code under the same tax code). Told to both. 422 when there is no such delegation.',
  params: delegationParams,
  response: z.object({ revoked: z.literal(true) }),
});

export const setDelegationBanking = defineCall({
  name: 'setDelegationBanking',
  method: 'PUT',
  path: `${ERP}/customers/:customerId/delegations/:username`,
  access: 'user',
  // Letting someone else change where the money is taken from is a thief's aim too.
  stepUp: (body) => body.mayChangeBanking,
  refusals: [422],
  reaches: { params: delegationCustomer },
  summary:
    'The holder lets a delegate change the direct debit (IBAN) or takes that back; without it a delegate ' +
    'is refused every money-moving change (403 delegate_banking_refused). Turning it on needs a step-up.',
  params: delegationParams,
  body: z.object({ mayChangeBanking: z.boolean() }),
  response: givenDelegationSchema,
});

export const startPasswordReset = defineCall({
  name: 'startPasswordReset',
  method: 'POST',
  path: `${WFM}/password-reset/start`,
  access: 'session',
  refusals: [429],
  reaches: 'nothing',
  summary:
    'Forgotten password, by username or by client code and tax code: always answers queued, known ' +
    'or not (no enumeration); a known user with an e-mail gets a module 5 link valid 60 minutes.',
  body: z.union([z.object({ username }), delegatorSchema]),
  response: z.object({ status: z.literal('queued') }),
});

export const completePasswordReset = defineCall({
  name: 'completePasswordReset',
  method: 'POST',
  path: `${WFM}/password-reset/complete`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Sets the new password from a module 5 link (its hash code), once: the link is spent and every ' +
    'other session of the user ends. An unknown or spent link answers 422 password_reset_failed.',
  body: z.object({
    token: line().check(z.minLength(1), z.maxLength(64)),
    password,
    confirmPassword: password,
  }),
  response: z.object({ username: z.string() }),
});
