// What the customer reads of the staff's views of the portal (ADR 043): when, why,
// until when. The operator's name stays with the supplier (the staff audit keeps it).
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { isoInstant } from '../models.js';
import { VIEW_REASONS } from '../view-reasons.js';

export const consultationSchema = z.object({
  at: isoInstant,
  reason: z.enum(VIEW_REASONS),
  note: z.nullable(z.string()),
  endsAt: isoInstant,
});
export type Consultation = z.output<typeof consultationSchema>;

export const listConsultations = defineCall({
  name: 'listConsultations',
  method: 'GET',
  path: 'portalapi/Core/v1/user/consultations',
  access: 'user',
  reaches: 'nothing',
  summary:
    'When the customer service consulted the portal of the user’s own customer, and why: newest first, ' +
    'at most 50. A delegate does not see the delegator’s.',
  response: z.array(consultationSchema),
});
