// "Dispositivi e accessi" (ADR 037): a user's live sessions and their devices, ending
// one or all the others, the last logins and failed attempts; the login history each login writes,
// and the 'Nuovo accesso al tuo account' notice when a login comes from a device never seen before,
// with a single-use link that ends that session (never a session id in a URL: ADR 023).
import type { core } from '@sportello/contract';
import { describeUserAgent, deviceKey, deviceLabel, formatDateTimeRome } from '@sportello/domain';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sendSecurityNotice, type ContactsOnFile } from '../../platform/notices/security-notice.js';
import type { LoadedSession, SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { LoginOutcome, SessionsRepository } from './repository.js';

/** The page shows this many logins and failed attempts. */
export const LOGIN_HISTORY_SHOWN = 20;

/** The web page that spends an end link (web/src/features/profile, route `endSession`). */
export const endSessionPath = (token: string) => `/accesso/termina/${token}`;

export function createDevices(deps: {
  store: SessionStore;
  repository: SessionsRepository;
  customers: Pick<CustomersService, 'find'>;
  jobs: JobQueue;
  mail: MailComposer;
  publicBaseUrl: string;
}) {
  const { store, repository } = deps;

  /** The user's own contacts, else those of the customer it holds (the channels on file: ADR 022). */
  async function contactsOf(user: SessionUser): Promise<ContactsOnFile> {
    const own = user.customerId === null ? null : await deps.customers.find(user, String(user.customerId));
    return {
      email: user.email ?? own?.account.email ?? null,
      phoneMobile: user.phoneMobile ?? own?.account.phoneMobile ?? null,
    };
  }

  return {
    /** A failed attempt on a known user: kept in its history (an unknown username has none). */
    recordFailure: (user: SessionUser, outcome: LoginOutcome, userAgent: string | null, now: Date) =>
      repository.record({
        userId: user.id,
        at: now,
        outcome,
        userAgent,
        deviceKey: deviceKey(describeUserAgent(userAgent)),
      }),

    /**
     * A login: written to the history; from a device the user never logged in from (and not the
     * user's first login we know of), the notice with its end link goes to the contacts on file.
     */
    async recordLogin(
      user: SessionUser,
      session: { idHash: string; expiresAt: Date },
      userAgent: string | null,
      now: Date,
    ) {
      const device = describeUserAgent(userAgent);
      const key = deviceKey(device);
      const seen = await repository.devicesSeen(user.id, key);
      await repository.record({ userId: user.id, at: now, outcome: 'success', userAgent, deviceKey: key });
      if (!seen.anyLogin || seen.thisDevice) return;
      const to = await contactsOf(user);
      if (!to.email && !to.phoneMobile) return;
      const token = await store.createEndLink(session.idHash, session.expiresAt);
      await sendSecurityNotice(
        { jobs: deps.jobs, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
        {
          to,
          company: user.companyCode,
          name: user.firstName ?? user.username,
          event: {
            kind: 'new-login',
            username: user.username,
            device: deviceLabel(device),
            at: formatDateTimeRome(now),
            endPath: endSessionPath(token),
          },
          key: `notice:new-login:${session.idHash}`,
          now,
        },
      );
    },

    async list(session: LoadedSession, user: SessionUser, now: Date): Promise<core.UserSession[]> {
      const rows = await store.listForUser(user.id, now);
      // This device first, then the others by last use.
      const current = rows.filter((row) => row.idHash === session.idHash);
      return [...current, ...rows.filter((row) => row.idHash !== session.idHash)].map((row) => ({
        key: row.key,
        device: describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.idHash === session.idHash,
      }));
    },

    /** Ends one of the user's sessions (the reach check let only the user's own keys through). */
    async end(user: SessionUser, key: string) {
      if (!(await store.deleteByKey(user.id, key))) throw notFound();
      return { ended: true as const };
    },

    async endOthers(session: LoadedSession, user: SessionUser, now: Date) {
      const others = (await store.listForUser(user.id, now)).filter((row) => row.idHash !== session.idHash);
      await store.deleteOthers(user.id, session.idHash, now);
      return { ended: others.length };
    },

    async history(user: SessionUser): Promise<core.LoginAttempt[]> {
      const rows = await repository.latest(user.id, LOGIN_HISTORY_SHOWN);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        device: describeUserAgent(row.userAgent),
        outcome: row.outcome as core.LoginAttempt['outcome'],
      }));
    },

    async endByLink(token: string, now: Date) {
      if (!(await store.endByLink(token, now))) throw unprocessable('session_end_link_invalid');
      return { ended: true as const };
    },
  };
}

export type Devices = ReturnType<typeof createDevices>;
