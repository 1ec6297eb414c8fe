// "I tuoi dati" (GDPR articles 15 and 20; ADR 039): the logged-in user asks for an
// archive of everything the portal holds about their own customer, built in the background, kept 7
// days; the download answers the ZIP. Re-exported by core.ts (the `core` namespace).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall } from '../call.js';
import { isoInstant } from '../models.js';

const CORE = 'portalapi/Core/v1';

/** How long a finished archive can be downloaded. */
export const DATA_ARCHIVE_DAYS = 7;

export const dataArchiveSchema = z.object({
  /** Names the archive for its download; not its id. */
  key: z.string(),
  status: z.enum(['preparing', 'ready', 'expired', 'failed']),
  requestedAt: isoInstant,
  readyAt: z.nullable(isoInstant),
  /** When a ready archive stops being downloadable. */
  expiresAt: z.nullable(isoInstant),
  sizeBytes: z.nullable(z.int()),
});
export type DataArchive = z.output<typeof dataArchiveSchema>;

/** An archive key: 96 random bits, base64url. */
const archiveKey = line().check(z.regex(/^[A-Za-z0-9_-]{16,32}$/, 'not_found'));

export const listDataArchives = defineCall({
  name: 'listDataArchives',
  method: 'GET',
  path: `${CORE}/user/archives`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The data archives the logged-in user asked for, newest first, with their state.',
  response: z.array(dataArchiveSchema),
});

export const requestDataArchive = defineCall({
  name: 'requestDataArchive',
  method: 'POST',
  path: `${CORE}/user/archives`,
  access: 'user',
  refusals: [409, 429],
  reaches: 'nothing',
  summary:
    'Asks for an archive of everything the portal holds about the user and their own customer (JSON ' +
    'and CSV in a ZIP), built by the jobs queue and announced by e-mail. One in preparation at a ' +
    'time (409), a few a day (429).',
  response: dataArchiveSchema,
});

export const downloadDataArchive = defineCall({
  name: 'downloadDataArchive',
  method: 'POST',
  path: `${CORE}/user/archives/:key/download`,
  access: 'user',
  refusals: [409, 410, 422],
  reaches: { params: { key: 'dataArchive.key' } },
  // Everything the portal holds about the customer in one file: the user proves it is them first.
  stepUp: true,
  summary:
    'The ZIP of one of the user’s archives (another user’s: 403). Still in preparation: 409; past its ' +
    '7 days: 410; a failed one: 422. A POST, so the download is an action of the session. Needs a ' +
    'step-up (403 step_up_required).',
  params: z.object({ key: archiveKey }),
  response: z.object({
    fileName: z.string(),
    contentType: z.literal('application/zip'),
    data: z.string(),
  }),
});
