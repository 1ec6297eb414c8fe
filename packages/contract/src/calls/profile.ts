// Profile calls (SPEC §7 bpm one-time codes, requests/accountData, and the customer's own settings):
// e-mail and phone changes confirmed with a 4-digit code, consents and home phone, registry change.
import * as z from 'zod/mini';
import { defineCall, idParam } from '../call.js';
import type { MessageCode } from '../messages.js';
import { customerSchema, isoInstant } from '../models.js';
import { line } from '../text.js';
import { requestCreatedSchema } from './erp-supplies.js';

const BPM = 'bpm/v1';

/** A started one-time-code workflow: its id (kept locally, SPEC §4) and when the code expires. */
const workflowStartedSchema = z.object({ workflowId: z.string(), expiresAt: z.string() });

export const emailCheck = defineCall({
  name: 'emailCheck',
  method: 'POST',
  path: `${BPM}/email-check`,
  access: 'user',
  stepUp: true,
  refusals: [429],
  reaches: 'nothing',
  summary:
    'Sends a 4-digit code to a new e-mail address of the user (trimmed); the address changes once ' +
    'the code is verified. At most 3 codes per hour per user.',
  body: z.object({
    email: line().check(z.trim(), z.maxLength(254, 'invalid_email' satisfies MessageCode)),
  }),
  response: workflowStartedSchema,
});

export const phoneCheck = defineCall({
  name: 'phoneCheck',
  method: 'POST',
  path: `${BPM}/phone-check`,
  access: 'user',
  stepUp: true,
  refusals: [429],
  reaches: 'nothing',
  summary:
    'Sends a 4-digit code by SMS to a new mobile number of the user (trimmed); the number changes ' +
    'once the code is verified. At most 3 codes per hour per user.',
  body: z.object({
    phone: line().check(z.trim(), z.maxLength(20, 'invalid_phone' satisfies MessageCode)),
  }),
  response: workflowStartedSchema,
});

/** Why a code did not match: wrong (tries left), expired, locked after 5 wrong tries, or unknown/used. */
export const OTP_OUTCOMES = ['verified', 'wrong', 'expired', 'locked', 'invalid'] as const;

export const otpVerification = defineCall({
  name: 'otpVerification',
  method: 'POST',
  path: `${BPM}/otp-verification`,
  access: 'user',
  // The workflowId names only the caller's own code: any other id answers `invalid`, like an unknown one.
  reaches: 'nothing',
  summary:
    'Checks the code of one of the user’s workflows; a match applies the change, once. A wrong code ' +
    'answers matches false with the tries left; after 5 wrong tries or 10 minutes a new code is needed.',
  body: z.object({
    workflowId: line().check(z.trim(), z.minLength(1), z.maxLength(64)),
    code: line().check(z.trim(), z.maxLength(10, 'otp_wrong' satisfies MessageCode)),
  }),
  response: z.object({
    matches: z.boolean(),
    outcome: z.enum(OTP_OUTCOMES),
    attemptsLeft: z.int(),
  }),
});

export const updateCustomerSettings = defineCall({
  name: 'updateCustomerSettings',
  method: 'PUT',
  path: 'portalapi/Erp/v1/customers/:id',
  access: 'user',
  reaches: { params: { id: ['customer.key', 'customer.id'] } },
  summary: 'Changes a reached customer’s privacy consents and home phone (trimmed; empty removes it).',
  params: idParam,
  body: z.strictObject({
    privacyCompany: z.optional(z.boolean()),
    privacyOthers: z.optional(z.boolean()),
    phoneHome: z.optional(line().check(z.trim(), z.maxLength(20, 'invalid_phone' satisfies MessageCode))),
  }),
  response: customerSchema,
});

/**
 * Where a business customer's electronic invoices go (ADR 067): its recipient code (codice
 * destinatario) or its PEC. `applies` is false for a private customer, whose invoices the SdI delivers
 * to its fiscal drawer: the profile does not offer the setting.
 */
export const eInvoiceRecipientSchema = z.object({
  applies: z.boolean(),
  /** 7 letters or digits; 0000000 when the PEC says where. Null: never set in the portal. */
  recipientCode: z.nullable(z.string()),
  pec: z.nullable(z.string()),
  updatedAt: z.nullable(isoInstant),
});

export const getEInvoiceRecipient = defineCall({
  name: 'getEInvoiceRecipient',
  method: 'GET',
  path: 'portalapi/Erp/v1/customers/:id/einvoice-recipient',
  access: 'user',
  reaches: { params: { id: ['customer.key', 'customer.id'] } },
  summary: 'Where a reached customer’s electronic invoices go: recipient code or PEC, as set in the portal.',
  params: idParam,
  response: eInvoiceRecipientSchema,
});

export const updateEInvoiceRecipient = defineCall({
  name: 'updateEInvoiceRecipient',
  method: 'PUT',
  path: 'portalapi/Erp/v1/customers/:id/einvoice-recipient',
  access: 'user',
  refusals: [422],
  reaches: { params: { id: ['customer.key', 'customer.id'] } },
  // Where fiscal documents go is where a thief would send them (ADR 047): a step-up, and the contacts on file are told.
  stepUp: true,
  summary:
    'Sets a business customer’s recipient code (7 letters or digits) or PEC (the code then 0000000): ' +
    'checked, saved, sent to the ERP (einvoiceRecipient.changed) and told to the contacts on file. A ' +
    'private customer is refused (422 einvoice_recipient_business_only).',
  params: idParam,
  body: z.strictObject({
    recipientCode: z.optional(
      line().check(z.trim(), z.maxLength(7, 'invalid_recipient_code' satisfies MessageCode)),
    ),
    pec: z.optional(line().check(z.trim(), z.maxLength(200, 'invalid_pec' satisfies MessageCode))),
  }),
  response: eInvoiceRecipientSchema,
});

const optionalField = (max: number) => z.optional(line().check(z.trim(), z.maxLength(max)));

export const requestAccountData = defineCall({
  name: 'requestAccountData',
  method: 'POST',
  path: 'portalapi/Erp/v1/requests/accountData',
  access: 'user',
  refusals: [409],
  reaches: { body: { customerKey: ['customer.key', 'customer.id'] } },
  summary:
    'Asks to change a customer’s registry data (name, tax data, address of record): a Var_Anagrafica ' +
    'request. Refused (409) while the latest one is in phase IR010.',
  body: z.object({
    customerKey: line().check(z.minLength(1), z.maxLength(64)),
    firstName: optionalField(100),
    lastName: optionalField(100),
    companyName: optionalField(200),
    fiscalCode: optionalField(16),
    vatNumber: optionalField(11),
    address: optionalField(200),
    postalCode: optionalField(5),
    locality: optionalField(100),
    province: optionalField(2),
    note: optionalField(500),
  }),
  response: requestCreatedSchema,
});
