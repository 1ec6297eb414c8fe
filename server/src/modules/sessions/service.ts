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
import type { LoadedSession, SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import type { Devices } from './devices.js';

/** ADR 012: which failures refuse, which only slow down. */
export interface LoginLimits {
  perUsernameAndAddress: number;
  slowdownPerUsername: number;
  perAddress: number;
  windowMs: number;
  guestSessionsPerAddress: number;
}

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
  /** A former customer past the six months (ADR 066): the area is closed to the user. */
  areaClosed: (user: SessionUser, now: Date) => Promise<boolean>;
}) {
  const { store, users, settings, throttle, limits, devices, areaClosed } = deps;

  /** High enough for an office or a carrier's NAT, where successes (never counted) are the rule. */
  const addressRule = (address: string): ThrottleRule => ({
    key: `login:ip:${address}`,
    limit: limits.perAddress,
    windowMs: limits.windowMs,
    over: 'refuse',
  });

  /** A username's counters: by address (`:address` follows) and from everywhere. */
  const userKeys = (company: string, username: string) => {
    const user = `${company}:${username.toLowerCase()}`;
    return { byAddress: `login:user-ip:${user}:`, anywhere: `login:user:${user}` };
  };

  function loginRules(company: CompanyCode, username: string, address: string): ThrottleRule[] {
    const keys = userKeys(company, username);
    const { windowMs } = limits;
    return [
      // Locks only this username from this address: failures elsewhere cannot lock the customer out.
      {
        key: `${keys.byAddress}${address}`,
        limit: limits.perUsernameAndAddress,
        windowMs,
        over: 'refuse',
      },
      // Credential stuffing from many addresses: every attempt on the username waits, none is refused.
      { key: keys.anywhere, limit: limits.slowdownPerUsername, windowMs, over: 'slow' },
      addressRule(address),
    ];
  }

  /**
   * What any login does once the user is proved (a password, a passkey): refuses a user who may not
   * log in, rotates the session, records the login (history, new-device notice, ADR 037). `proved`
   * is taken back from the throttle's counts only then: a refused user counts as a failure.
   */
  async function openUserSession(
    session: LoadedSession,
    user: SessionUser,
    proved: { succeeded(): Promise<void> },
    userAgent: string | null,
    now: Date,
  ): Promise<Session> {
    if (user.status !== 'Active') throw unprocessable('user_not_active');
    if (!LOGIN_USER_TYPES.includes(user.type as UserType)) throw unprocessable('user_type_not_allowed');
    if (await areaClosed(user, now)) throw unprocessable('personal_area_closed');
    // What a login writes and reads does not depend on each other: asked together, a login waits
    // for the slowest of them, not for their sum (each write is a commit of its own).
    const [{ id, idHash, expiresAt }, dto] = await Promise.all([
      store.create({ company: session.company, clientSpec: null, userId: user.id, now, userAgent }),
      users.toDto(user),
      proved.succeeded(),
      // Rotation: the guest id that may have been seen before login stops working now.
      store.delete(session.idHash),
      users.markLoggedIn(user.id, now),
    ]);
    await devices.recordLogin(user, { idHash, expiresAt }, userAgent, now);
    return toDto(id, session.company, expiresAt, dto);
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
      if (!(await settings.isKnownCompany(company))) throw badRequest('unknown_company');
      const { id, expiresAt } = await store.create({
        company,
        clientSpec,
        userId: null,
        now,
        guestAddress: clientAddress,
      });
      // One address cannot fill the sessions table, nor lock out the visitors behind it: past the
      // bound its oldest guest sessions end (a guest whose session ended just opens a new one).
      await store.endOldestGuests(clientAddress, limits.guestSessionsPerAddress);
      return toDto(id, company, expiresAt, null);
    },

    /** The caller may read only the session whose id it holds. */
    /** The asking session (the reach check lets a session name only itself). */
    async get(session: LoadedSession, id: string): Promise<Session> {
      const dto = toDto(
        id,
        session.company,
        session.expiresAt,
        session.user && (await users.toDto(session.user)),
      );
      // A staff's view (ADR 043) says so: the portal shows its banner on every page.
      const { view } = session;
      return view
        ? {
            ...dto,
            view: { staffName: view.staffName, reason: view.reason, endsAt: view.endsAt.toISOString() },
          }
        : dto;
    },

    async login(
      session: LoadedSession,
      input: { username: string; password: string; clientAddress: string; userAgent: string | null },
      now: Date,
    ): Promise<Session> {
      // The user is looked up while the attempt is counted; the password is checked only once counted.
      const [attempt, user] = await Promise.all([
        throttle.attempt(loginRules(session.company, input.username, input.clientAddress), now),
        users.findForLogin(session.company, input.username),
      ]);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
      if (user && !passwordOk) await devices.recordFailure(user, 'wrong_password', input.userAgent, now);
      if (!user || !passwordOk) throw unprocessable('wrong_credentials');
      // Only a right password that also may log in is no failure.
      return openUserSession(session, user, attempt, input.userAgent, now);
    },

    /**
     * A login proved otherwise than by a password (a passkey, ADR 038): `prove` answers the user or
     * throws. Its failures count against the client address like wrong passwords (ADR 012); no
     * username is known before the proof, so none is locked or slowed.
     */
    async loginProved(
      session: LoadedSession,
      input: { clientAddress: string; userAgent: string | null },
      prove: () => Promise<SessionUser>,
      now: Date,
    ): Promise<Session> {
      const attempt = await throttle.attempt([addressRule(input.clientAddress)], now);
      const user = await prove();
      return openUserSession(session, user, attempt, input.userAgent, now);
    },

    /** A handover code for the logged-in session (ADR 023). */
    async createHandover(session: LoadedSession, now: Date) {
      const { code, expiresAt } = await store.createHandover(session.idHash, now);
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /**
     * A new session of the user whose session asked for the code; the asking session stays as it was.
     * The new one ends when the asking one does: a chain of handovers never outlives the login.
     */
    async exchangeHandover(code: string, userAgent: string | null, now: Date): Promise<Session> {
      const source = await store.takeHandover(code, now);
      if (!source?.user) throw unprocessable('handover_invalid');
      const { id, expiresAt } = await store.create({
        company: source.company,
        clientSpec: null,
        userId: source.user.id,
        now,
        userAgent,
        endsAt: source.expiresAt,
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

    /** A username's login throttle as the care console sees and clears it (ADR 012, ADR 045). */
    loginLock: {
      /** Refused from some address, or slowed everywhere, by its failures of the window. */
      async locked(company: string, username: string, now: Date): Promise<boolean> {
        const keys = userKeys(company, username);
        const rows = await throttle.counted(
          { keys: [keys.anywhere], prefixes: [keys.byAddress] },
          limits.windowMs,
          now,
        );
        return rows.some((row) =>
          row.key === keys.anywhere
            ? row.count > limits.slowdownPerUsername
            : row.count >= limits.perUsernameAndAddress,
        );
      },
      /** Forgets the username's failures in the writer's transaction; how many counters had some. */
      release(writer: Parameters<Throttle['release']>[0], company: string, username: string) {
        const keys = userKeys(company, username);
        return throttle.release(writer, { keys: [keys.anywhere], prefixes: [keys.byAddress] });
      },
    },

    /** Ends every session of these users (the care console, ADR 045); see SessionStore.deleteAll. */
    endAllOf: store.deleteAll,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
