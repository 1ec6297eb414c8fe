// "Vedi come il cliente" (ADR 043): an operator opens a read-only view of a customer's
// portal with a reason. The console asks for a single-use code bound to its staff session; the portal
// tab spends it, with the same staff session, for a read-only customer session. No session id ever
// travels in a URL (ADR 023); every view is recorded and the customer sees it in the profile.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { STAFF_ROLES } from '../staff-roles.js';
import { isoInstant, sessionSchema } from '../models.js';
import { line } from '../text.js';
import type { MessageCode } from '../messages.js';
import { VIEW_NOTE_MAX, VIEW_REASONS } from '../view-reasons.js';

const STAFF = 'staff/v1';

/** A view code: 128 random bits, base64url. */
const viewCode = line().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'staff_view_code_invalid'));
const customerIdParam = z.object({ customerId: line().check(z.regex(/^\d{1,18}$/, 'not_found')) });

export const openStaffView = defineCall({
  name: 'openStaffView',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/views`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: { params: { customerId: 'customer.id' } },
  refusals: [422],
  summary:
    'Opens a read-only view of the customer’s portal, with a reason: records the consultation and ' +
    'answers a single-use code (60 s, this staff session only) that the portal tab spends.',
  params: customerIdParam,
  body: z.object({
    reason: z.enum(VIEW_REASONS, { error: 'staff_view_reason_required' satisfies MessageCode }),
    note: z.optional(line().check(z.trim(), z.maxLength(VIEW_NOTE_MAX))),
  }),
  response: z.object({ code: viewCode, codeExpiresAt: isoInstant, endsAt: isoInstant }),
});

export const exchangeStaffView = defineCall({
  name: 'exchangeStaffView',
  method: 'POST',
  path: `${STAFF}/views/exchange`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: 'nothing',
  refusals: [422],
  summary:
    'Spends a view code of the asking staff session (once, within 60 s) for a read-only session of the ' +
    'customer’s portal, which ends at the view’s limit or with the staff session.',
  body: z.object({ code: viewCode }),
  response: sessionSchema,
});

export const staffViewSchema = z.object({
  at: isoInstant,
  staff: z.string(),
  reason: z.enum(VIEW_REASONS),
  note: z.nullable(z.string()),
  endsAt: isoInstant,
  opened: z.boolean(),
});
export type StaffView = z.output<typeof staffViewSchema>;

export const listStaffViews = defineCall({
  name: 'listStaffViews',
  method: 'GET',
  path: `${STAFF}/customers/:customerId/views`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: { params: { customerId: 'customer.id' } },
  summary: 'The consultations of the customer’s portal by the staff, newest first, at most 50.',
  params: customerIdParam,
  response: z.array(staffViewSchema),
});
