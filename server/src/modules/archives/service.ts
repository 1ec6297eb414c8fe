// "I tuoi dati" (GDPR articles 15 and 20; ADR 039). A user asks for an archive of
// their own customer; the jobs queue builds it (sections.ts, zip.ts), stores it and tells the user by
// e-mail; it is downloadable for 7 days, then a sweep deletes its content. One archive in preparation
// at a time (a unique index), at most ARCHIVES_PER_DAY requests a day. Reach decides whose archive a
// download names (the `dataArchive` kind: the user's own); this file decides its state.
import { randomBytes } from 'node:crypto';
import { core } from '@sportello/contract';
import { elideBeforeNumbers, formatDateTimeRome } from '@sportello/domain';
import { conflict, gone, notFound, tooManyRequests, unprocessable } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { DELIVERY_KINDS } from '../../jobs/deliveries.js';
import type { JobQueue, JobRow } from '../../jobs/queue.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { SettingsService } from '../settings/service.js';
import type { UsersService } from '../users/service.js';
import type { ArchiveRow, ArchivesRepository } from './repository.js';
import { missingLines, privacyInformation, type Missing } from './privacy-information.js';
import { SECTIONS, type SectionServices, type Subject } from './sections.js';
import { breathe, createZipWriter, toCsv } from './zip.js';

/** The job kind that builds an archive. */
export const ARCHIVE_JOB = 'dataArchive';
/** Requests a user may make in a day: building one reads everything, so it is not free. */
export const ARCHIVES_PER_DAY = 3;
/** The art. 15 information beside the data (ADR 069). */
export const PRIVACY_INFORMATION_FILE = 'INFORMAZIONI-PRIVACY.txt';
/** Archives the page lists. */
const LISTED = 20;
/** The page that shows the archives (web/src/features/profile, route `dataArchives`). */
export const ARCHIVES_PAGE = '/profile/i-tuoi-dati';

const DAY_MS = 86_400_000;

function toDto(row: ArchiveRow, now: Date): core.DataArchive {
  // Past its days an archive is expired even before the sweep has emptied it.
  const expired =
    row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  return {
    key: row.key,
    status: expired ? 'expired' : (row.status as core.DataArchive['status']),
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** The customer as the holder knows it: name and client code, never the database's id. */
interface Holder {
  customerId: string;
  account: { name: string };
}

function readme(
  user: SessionUser,
  holder: Holder | null,
  now: Date,
  counts: Map<string, number>,
  missing: readonly Missing[],
): string {
  const whose = holder === null ? '' : ` (${holder.account.name}, codice cliente ${holder.customerId})`;
  return [
    'I TUOI DATI',
    '',
    elideBeforeNumbers(
      `Archivio preparato il ${formatDateTimeRome(now)} per l’utente ${user.username}${whose}.`,
    ),
    'Contiene tutto ciò che il portale conserva su di te (GDPR, articoli 15 e 20): ogni sezione è in due',
    'file con lo stesso contenuto, .json (leggibile da un programma) e .csv (da aprire con un foglio di',
    'calcolo: separatore punto e virgola, codifica UTF-8).',
    '',
    ...SECTIONS.map(
      (s) => `- ${s.name}.json / ${s.name}.csv: ${s.describes} (${counts.get(s.name) ?? 0} righe).`,
    ),
    '',
    'Nei file .csv gli importi sono in euro con la virgola, le date nel formato gg/mm/aaaa e le ore in',
    'quelle italiane. Nei file .json gli stessi dati sono come li legge un programma: importi in',
    'centesimi di euro (campi …Cents), date e ore in formato ISO 8601 (le ore in UTC, con la Z finale).',
    'Le quantità sono nell’unità indicata (kWh, Smc o MWh).',
    '',
    'L’archivio resta scaricabile per 7 giorni dalla pagina I tuoi dati del profilo; poi viene cancellato.',
    `Perché trattiamo questi dati, a chi li comunichiamo, per quanto li conserviamo, da dove arrivano e i`,
    `tuoi diritti sono in ${PRIVACY_INFORMATION_FILE}.`,
    '',
    ...missingLines(missing),
    '',
  ].join('\r\n');
}

export function createArchivesService(deps: {
  repository: ArchivesRepository;
  users: Pick<UsersService, 'byId'>;
  /** The brand's legal entity: the controller the art. 15 information names. */
  settings: Pick<SettingsService, 'legalEntity'>;
  sections: SectionServices;
  jobs: JobQueue;
  mail: MailComposer;
  maxAttempts: number;
}) {
  const { repository } = deps;

  /** Builds the ZIP of everything SECTIONS reads for the user's own customer. */
  async function buildZip(user: SessionUser, customerKey: string | null, now: Date) {
    const supplies =
      customerKey === null
        ? []
        : (await deps.sections.supplies.list(user, { customerKey, pagingSkip: 0, pagingTake: 1000 }))
            .supplies;
    const subject: Subject = {
      user,
      customerKey,
      supplies: supplies.map((s) => ({
        key: s.key,
        commodity: s.commodity,
        activationDate: s.activationDate,
      })),
      now,
    };
    const zip = createZipWriter();
    const counts = new Map<string, number>();
    const missing: Missing[] = [];
    for (const section of SECTIONS) {
      await breathe();
      const { rows, files = [], missing: lacking = [] } = await section.read(deps.sections, subject);
      counts.set(section.name, rows.length);
      missing.push(...lacking);
      zip.add(`${section.name}.json`, JSON.stringify(rows, null, 2));
      zip.add(`${section.name}.csv`, toCsv(rows));
      for (const file of files) zip.add(file.path, file.data);
    }
    const holder = customerKey === null ? null : await deps.sections.customers.find(user, customerKey);
    zip.add('LEGGIMI.txt', readme(user, holder, now, counts, missing));
    zip.add(PRIVACY_INFORMATION_FILE, privacyInformation(await deps.settings.legalEntity(user.companyCode)));
    return zip.finish();
  }

  /** Tells the user the archive is ready: an e-mail that leads to the page (no link to the file). */
  async function announce(user: SessionUser, archive: ArchiveRow, expiresAt: Date, now: Date) {
    // The user's own address, else the customer's on file (as the new-login notice does: ADR 037).
    const own =
      archive.customerId === null
        ? null
        : await deps.sections.customers.find(user, String(archive.customerId));
    const to = user.email ?? own?.account.email;
    if (!to) return;
    const mail = await deps.mail.compose(
      'notification',
      {
        title: 'Il tuo archivio è pronto',
        body: `L’archivio con i tuoi dati che hai chiesto è pronto: puoi scaricarlo dalla pagina I tuoi dati fino al ${formatDateTimeRome(expiresAt)}.`,
        linkPath: ARCHIVES_PAGE,
      },
      { to, company: user.companyCode },
    );
    await deps.jobs.enqueue(DELIVERY_KINDS.mail, mail, `mail:archive:${archive.key}`, now);
  }

  return {
    async list(user: SessionUser, now: Date): Promise<core.DataArchive[]> {
      return (await repository.ofUser(user.id, LISTED)).map((row) => toDto(row, now));
    },

    async request(user: SessionUser, now: Date): Promise<core.DataArchive> {
      if ((await repository.countSince(user.id, new Date(now.getTime() - DAY_MS))) >= ARCHIVES_PER_DAY)
        throw tooManyRequests('archive_too_many');
      const key = randomBytes(12).toString('base64url');
      const row = await repository.insertPreparing({
        key,
        userId: user.id,
        customerId: user.customerId,
        now,
      });
      if (!row) throw conflict('archive_preparing');
      await deps.jobs.enqueue(ARCHIVE_JOB, { archiveId: row.id }, `archive:${row.key}`, now);
      return toDto(row, now);
    },

    /** The reach check let only the user's own archive through. */
    async download(key: string, now: Date) {
      const row = await repository.byKey(key);
      if (!row) throw notFound();
      if (row.status === 'preparing') throw conflict('archive_not_ready');
      if (row.status === 'failed') throw unprocessable('archive_failed');
      if (
        row.status === 'expired' ||
        row.contentBase64 === null ||
        (row.expiresAt !== null && row.expiresAt <= now)
      )
        throw gone('archive_expired');
      return {
        fileName: `i-tuoi-dati-${row.readyAt?.toISOString().slice(0, 10) ?? 'archivio'}.zip`,
        contentType: 'application/zip' as const,
        data: row.contentBase64,
      };
    },

    /** The job: builds, stores and announces one archive; the last failed attempt marks it failed. */
    async build(job: JobRow): Promise<Record<string, unknown>> {
      const archive = await repository.byId(Number(job.payload.archiveId));
      if (!archive || archive.status !== 'preparing') return { skipped: true };
      const user = await deps.users.byId(archive.userId);
      // The user's own customer changed since the request: not someone else's data in this archive.
      if (!user || user.customerId !== archive.customerId) {
        await repository.fail(archive.id);
        return { failed: 'user' };
      }
      const started = new Date();
      try {
        const customerKey = archive.customerId === null ? null : String(archive.customerId);
        const zip = await buildZip(user, customerKey, started);
        const readyAt = new Date();
        const expiresAt = new Date(readyAt.getTime() + core.DATA_ARCHIVE_DAYS * DAY_MS);
        if (await repository.finish(archive.id, zip, readyAt, expiresAt))
          await announce(user, archive, expiresAt, readyAt);
        return { bytes: zip.length, ms: readyAt.getTime() - started.getTime() };
      } catch (err) {
        if (job.attempts >= deps.maxAttempts) await repository.fail(archive.id);
        throw err;
      }
    },

    /** Deletes the content of archives past their days; answers how many. */
    expire: (now: Date) => repository.expire(now),
  };
}

export type ArchivesService = ReturnType<typeof createArchivesService>;
