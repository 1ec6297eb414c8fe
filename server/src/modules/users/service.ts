// Users: the wire shape of a user, finding one by contract, and the changes a user may make.
import { userOptionsSchema, type User } from '@sportello/contract';
import { passwordIssues } from '@sportello/domain';
import { badRequest, fieldError, forbidden, notFound, unprocessable } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { CustomersService } from '../customers/service.js';
import type { LinksService } from '../links/service.js';
import type { SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import type { UsersRepository } from './repository.js';

type ReachedContract = { id: number; key: string; customerId: number };

export const PASSWORD_ISSUE_MESSAGE = {
  min_length: 'password_min_length',
  non_alpha: 'password_non_alpha',
  uppercase: 'password_uppercase',
  number: 'password_number',
} as const;

export type UserUpdate = {
  currentPassword?: string | undefined;
  password?: string | undefined;
  userOptions?: string | undefined;
  receiveCommercialNotifications?: boolean | undefined;
  receiveTechNotifications?: boolean | undefined;
};

export function createUsersService(
  repository: UsersRepository,
  customers: CustomersService,
  store: SessionStore,
  links: Pick<LinksService, 'spendPasswordLinks'>,
) {
  async function toDto(user: SessionUser): Promise<User> {
    return dtoWith(user, await repository.contractsReachedBy(user.id));
  }

  function dtoWith(user: SessionUser, contractRows: ReachedContract[]): User {
    return {
      id: String(user.id),
      key: user.key,
      username: user.username,
      status: user.status as User['status'],
      type: user.type as User['type'],
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneMobile: user.phoneMobile,
      customerId: user.customerId == null ? null : String(user.customerId),
      contracts: {
        contract: contractRows.map((c) => ({
          id: String(c.id),
          key: c.key,
          customerId: String(c.customerId),
        })),
      },
      userOptions: user.userOptions,
      receiveCommercialNotifications: user.receiveCommercialNotifications,
      receiveTechNotifications: user.receiveTechNotifications,
    };
  }

  return {
    toDto,

    /**
     * A user's row as registration and the profile write it, each having checked its own rules; `run`
     * is their transaction when the row must commit with theirs. They tell the sessions of a change.
     */
    rows: { insert: repository.insert, update: repository.update },

    /** A user's row by id, for work done outside a request (a data archive: ADR 039). */
    byId: (id: number): Promise<SessionUser | undefined> => repository.byId(id),

    findForLogin: (company: string, username: string): Promise<SessionUser | undefined> =>
      repository.byUsername(company, username),

    /** The customer's own user (its holder), whose portal a staff's view shows (ADR 043). */
    holderOf: (customerId: number): Promise<SessionUser | undefined> => repository.holderOf(customerId),

    /** The user a passkey belongs to, for a login with it (ADR 038). */
    findById: (id: number): Promise<SessionUser | undefined> => repository.byId(id),

    async markLoggedIn(userId: number, now: Date) {
      await repository.update(userId, { lastLoginAt: now });
    },

    /** Only the session's own user may be read by id. */
    async getOwn(user: SessionUser, id: string): Promise<User> {
      if (id !== String(user.id) && id !== user.key) throw forbidden();
      return toDto(user);
    },

    /** The holder of a contract's customer, if the session's user reaches that customer. */
    async getByContract(user: SessionUser, contractKey: string): Promise<User> {
      const customerId = await repository.contractCustomerId(contractKey);
      if (customerId === undefined) throw notFound();
      const holder = await repository.holderOf(customerId);
      if (!holder) throw notFound();
      return toDto(holder);
    },

    /** A password change also ends every other session of the user; `sessionIdHash`'s stays. */
    async update(user: SessionUser, change: UserUpdate, sessionIdHash: string): Promise<User> {
      const set: Parameters<UsersRepository['update']>[1] = {};
      if (change.password !== undefined) {
        const issues = passwordIssues(change.password);
        if (issues.length > 0) {
          throw badRequest(
            'invalid_input',
            issues.map((issue) => fieldError('password', PASSWORD_ISSUE_MESSAGE[issue])),
          );
        }
        const currentOk =
          change.currentPassword !== undefined &&
          user.passwordHash !== null &&
          (await verifyPassword(user.passwordHash, change.currentPassword));
        if (!currentOk) {
          throw unprocessable('invalid_password_current', [
            fieldError('currentPassword', 'invalid_password_current'),
          ]);
        }
        if (await verifyPassword(user.passwordHash!, change.password))
          throw unprocessable('password_same_as_old', [fieldError('password', 'password_same_as_old')]);
        set.passwordHash = await hashPassword(change.password);
      }
      if (change.userOptions !== undefined) {
        // Free JSON for the client, but the notification channels must have the contract's shape.
        let json: unknown;
        try {
          json = JSON.parse(change.userOptions);
        } catch {
          json = undefined;
        }
        if (!userOptionsSchema.safeParse(json).success) {
          throw badRequest('invalid_user_options', [fieldError('userOptions', 'invalid_user_options')]);
        }
        set.userOptions = change.userOptions;
      }
      if (change.receiveCommercialNotifications !== undefined) {
        set.receiveCommercialNotifications = change.receiveCommercialNotifications;
      }
      if (change.receiveTechNotifications !== undefined) {
        set.receiveTechNotifications = change.receiveTechNotifications;
      }
      if (Object.keys(set).length === 0) return toDto(user);
      const updated = await repository.transaction(async (tx) => {
        const row = await repository.update(user.id, set, tx);
        // The notification choices are the user's consents: their history is kept with the
        // customer's (ADR 045 §3); a delegate without a customer of their own has none to keep.
        if (user.customerId !== null)
          await customers.recordUserConsents(
            tx,
            user.customerId,
            [
              {
                consent: 'commercial',
                from: user.receiveCommercialNotifications,
                to: set.receiveCommercialNotifications,
              },
              { consent: 'technical', from: user.receiveTechNotifications, to: set.receiveTechNotifications },
            ],
            { channel: 'portal', username: user.username },
            new Date(),
          );
        return row;
      });
      // Its sessions' cached copies of the user row are stale now (deleteOthers tells them too).
      if (change.password !== undefined) {
        await store.deleteOthers(user.id, sessionIdHash, new Date());
        // A reset link asked before the change must not set the password again.
        await links.spendPasswordLinks(user.id, new Date());
      } else await store.userChanged(user.id);
      return toDto(updated ?? user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
