// Guest sessions, login (with rotation and rate limits), logout and reading a session.
import { LOGIN_USER_TYPES, type CompanyCode, type Session, type UserType } from '@sportello/contract';
import { badRequest, forbidden, tooManyRequests, unprocessable } from '../../http/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../auth/password.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { SettingsService } from '../settings/service.js';
import type { UsersService } from '../users/service.js';
import type { LoadedSession, SessionStore, SessionUser } from './session-store.js';

export interface LoginLimits {
  perUsername: number;
  perAddress: number;
  windowMs: number;
}

export function createSessionsService(deps: {
  store: SessionStore;
  users: UsersService;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  limits: LoginLimits;
}) {
  const { store, users, settings, rateLimiter, limits } = deps;

  async function toDto(id: string, company: CompanyCode, expiresAt: Date, user: SessionUser | null) {
    const dto: Session = {
      id,
      company,
      locale: 'it',
      roles: user ? ['user'] : ['guest'],
      user: user ? await users.toDto(user) : null,
      expiresAt: expiresAt.toISOString(),
    };
    return dto;
  }

  return {
    async createGuest(company: CompanyCode, clientSpec: unknown, now: Date): Promise<Session> {
      if (!(await settings.isKnownCompany(company))) throw badRequest('unknown_company');
      const { id, expiresAt } = await store.create({ company, clientSpec, userId: null, now });
      return toDto(id, company, expiresAt, null);
    },

    /** The caller may read only the session whose id it holds. */
    async get(session: LoadedSession, requestedId: string, headerId: string): Promise<Session> {
      if (requestedId !== headerId) throw forbidden();
      return toDto(headerId, session.company, session.expiresAt, session.user);
    },

    async login(
      session: LoadedSession,
      input: { username: string; password: string; clientAddress: string },
      now: Date,
    ): Promise<Session> {
      const usernameKey = `login:user:${session.company}:${input.username.toLowerCase()}`;
      const addressOk = await rateLimiter.hit(
        `login:ip:${input.clientAddress}`,
        limits.perAddress,
        limits.windowMs,
        now,
      );
      const usernameOk = await rateLimiter.hit(usernameKey, limits.perUsername, limits.windowMs, now);
      if (!addressOk || !usernameOk) throw tooManyRequests();

      const user = await users.findForLogin(session.company, input.username);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
      if (!user || !passwordOk) throw unprocessable('wrong_credentials');
      if (user.status !== 'Active') throw unprocessable('user_not_active');
      if (!LOGIN_USER_TYPES.includes(user.type as UserType)) throw unprocessable('user_type_not_allowed');

      await rateLimiter.reset(usernameKey);
      // Rotation: the guest id that may have been seen before login stops working now.
      await store.delete(session.idHash);
      const { id, expiresAt } = await store.create({
        company: session.company,
        clientSpec: null,
        userId: user.id,
        now,
      });
      await users.markLoggedIn(user.id, now);
      return toDto(id, session.company, expiresAt, user);
    },

    logout: (session: LoadedSession) => store.delete(session.idHash),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
