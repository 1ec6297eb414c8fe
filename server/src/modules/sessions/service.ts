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
import type { Devices } from './devices.js';

/** ADR 012: which failures refuse, which only slow down. */
export interface LoginLimits {
  perUsernameAndAddress: number;
  slowdownPerUsername: number;
  perAddress: number;
  windowMs: number;
  guestSessionsPerAddress: number;
}

const GUEST_SESSION_WINDOW_MS = 15 * 60_000;

/** Wrong end links from one address before it must wait (the tokens are 192 random bits). */
const END_LINK_FAILURES_PER_ADDRESS = 10;

export function createSessionsService(deps: {
  store: SessionStore;
  users: UsersService;
  settings: SettingsService;
  throttle: Throttle;
  limits: LoginLimits;
  /** "Dispositivi e accessi": the login history and the new-device notice (ADR 037). */
  devices: Devices;
}) {
  const { store, users, settings, throttle, limits, devices } = deps;

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
      input: { username: string; password: string; clientAddress: string; userAgent: string | null },
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
      if (user && !passwordOk) await devices.recordFailure(user, 'wrong_password', input.userAgent, now);
      if (!user || !passwordOk) throw unprocessable('wrong_credentials');
      if (user.status !== 'Active') throw unprocessable('user_not_active');
      if (!LOGIN_USER_TYPES.includes(user.type as UserType)) throw unprocessable('user_type_not_allowed');

      // Only a right password that also may log in is no failure.
      await attempt.succeeded();
      // Rotation: the guest id that may have been seen before login stops working now.
      await store.delete(session.idHash);
      const { id, idHash, expiresAt } = await store.create({
        company: session.company,
        clientSpec: null,
        userId: user.id,
        now,
        userAgent: input.userAgent,
      });
      await users.markLoggedIn(user.id, now);
      await devices.recordLogin(user, { idHash, expiresAt }, input.userAgent, now);
      return toDto(id, session.company, expiresAt, await users.toDto(user));
    },

    /** A handover code for the logged-in session (ADR 023). */
    async createHandover(session: LoadedSession, now: Date) {
      const { code, expiresAt } = await store.createHandover(session.idHash, now);
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /** A new session of the user whose session asked for the code; the asking session stays as it was. */
    async exchangeHandover(code: string, userAgent: string | null, now: Date): Promise<Session> {
      const source = await store.takeHandover(code, now);
      if (!source?.user) throw unprocessable('handover_invalid');
      const { id, expiresAt } = await store.create({
        company: source.company,
        clientSpec: null,
        userId: source.user.id,
        now,
        userAgent,
      });
      return toDto(id, source.company, expiresAt, await users.toDto(source.user));
    },

    logout: (session: LoadedSession) => store.delete(session.idHash),

    /** The end link of a new-login notice: a wrong one counts against the address (ADR 012). */
    async endByLink(token: string, clientAddress: string, now: Date) {
      const attempt = await throttle.attempt(
        [
          {
            key: `session-end:ip:${clientAddress}`,
            limit: END_LINK_FAILURES_PER_ADDRESS,
            windowMs: limits.windowMs,
            over: 'refuse',
          },
        ],
        now,
      );
      const ended = await devices.endByLink(token, now);
      await attempt.succeeded();
      return ended;
    },

    devices,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
