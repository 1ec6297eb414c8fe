// Guest sessions, login (with rotation and rate limits), logout and reading a session.
import {
  LOGIN_USER_TYPES,
  type CompanyCode,
  type Session,
  type User,
  type UserType,
} from '@sportello/contract';
import { badRequest, unprocessable } from '../../http/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/password.js';
import type { Throttle, ThrottleRule } from '../../platform/auth/throttle.js';
import type { SettingsService } from '../settings/service.js';
import type { UsersService } from '../users/service.js';
import type { LoadedSession, SessionStore } from '../../platform/sessions/session-store.js';

/** ADR 012: which failures refuse, which only slow down. */
export interface LoginLimits {
  perUsernameAndAddress: number;
  slowdownPerUsername: number;
  perAddress: number;
  windowMs: number;
  guestSessionsPerAddress: number;
}

const GUEST_SESSION_WINDOW_MS = 15 * 60_000;

export function createSessionsService(deps: {
  store: SessionStore;
  users: UsersService;
  settings: SettingsService;
  throttle: Throttle;
  limits: LoginLimits;
}) {
  const { store, users, settings, throttle, limits } = deps;

  function loginRules(company: CompanyCode, username: string, address: string): ThrottleRule[] {
    const user = `${company}:${username.toLowerCase()}`;
    const { windowMs } = limits;
    return [
      // Locks only this username from this address: failures elsewhere cannot lock the customer out.
      {
        key: `login:user-ip:${user}:${address}`,
        limit: limits.perUsernameAndAddress,
        windowMs,
        over: 'refuse',
      },
      // Credential stuffing from many addresses: every attempt on the username waits, none is refused.
      { key: `login:user:${user}`, limit: limits.slowdownPerUsername, windowMs, over: 'slow' },
      // High enough for an office or a carrier's NAT, where successes (never counted) are the rule.
      { key: `login:ip:${address}`, limit: limits.perAddress, windowMs, over: 'refuse' },
    ];
  }

  function toDto(id: string, company: CompanyCode, expiresAt: Date, user: User | null): Session {
    return {
      id,
      company,
      locale: 'it',
      roles: user ? ['user'] : ['guest'],
      user,
      expiresAt: expiresAt.toISOString(),
    };
  }

  return {
    async createGuest(
      company: CompanyCode,
      clientSpec: unknown,
      clientAddress: string,
      now: Date,
    ): Promise<Session> {
      // Every creation counts (none is taken back): one address cannot fill the sessions table.
      await throttle.attempt(
        [
          {
            key: `session:ip:${clientAddress}`,
            limit: limits.guestSessionsPerAddress,
            windowMs: GUEST_SESSION_WINDOW_MS,
            over: 'refuse',
          },
        ],
        now,
      );
      if (!(await settings.isKnownCompany(company))) throw badRequest('unknown_company');
      const { id, expiresAt } = await store.create({ company, clientSpec, userId: null, now });
      return toDto(id, company, expiresAt, null);
    },

    /** The caller may read only the session whose id it holds. */
    /** The asking session (the reach check lets a session name only itself). */
    async get(session: LoadedSession, id: string): Promise<Session> {
      return toDto(id, session.company, session.expiresAt, session.user && (await users.toDto(session.user)));
    },

    async login(
      session: LoadedSession,
      input: { username: string; password: string; clientAddress: string },
      now: Date,
    ): Promise<Session> {
      const attempt = await throttle.attempt(
        loginRules(session.company, input.username, input.clientAddress),
        now,
      );

      const user = await users.findForLogin(session.company, input.username);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
      if (!user || !passwordOk) throw unprocessable('wrong_credentials');
      if (user.status !== 'Active') throw unprocessable('user_not_active');
      if (!LOGIN_USER_TYPES.includes(user.type as UserType)) throw unprocessable('user_type_not_allowed');

      // Only a right password that also may log in is no failure.
      await attempt.succeeded();
      // Rotation: the guest id that may have been seen before login stops working now.
      await store.delete(session.idHash);
      const { id, expiresAt } = await store.create({
        company: session.company,
        clientSpec: null,
        userId: user.id,
        now,
      });
      await users.markLoggedIn(user.id, now);
      return toDto(id, session.company, expiresAt, await users.toDto(user));
    },

    /** A handover code for the logged-in session (ADR 023). */
    async createHandover(session: LoadedSession, now: Date) {
      const { code, expiresAt } = await store.createHandover(session.idHash, now);
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /** A new session of the user whose session asked for the code; the asking session stays as it was. */
    async exchangeHandover(code: string, now: Date): Promise<Session> {
      const source = await store.takeHandover(code, now);
      if (!source?.user) throw unprocessable('handover_invalid');
      const { id, expiresAt } = await store.create({
        company: source.company,
        clientSpec: null,
        userId: source.user.id,
        now,
      });
      return toDto(id, source.company, expiresAt, await users.toDto(source.user));
    },

    logout: (session: LoadedSession) => store.delete(session.idHash),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
