// Users: the wire shape of a user, finding one by contract, and the changes a user may make.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { User } from '@sportello/contract';
import { passwordIssues } from '@sportello/domain';
import type { Db } from '../../db/client.js';
import { contracts, users } from '../../db/schema/index.js';
import { badRequest, fieldError, forbidden, notFound, unprocessable } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../sessions/session-store.js';

const PASSWORD_ISSUE_MESSAGE = {
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

export function createUsersService(db: Db, customers: CustomersService) {
  async function toDto(user: SessionUser): Promise<User> {
    const customerIds = await customers.reachableIds(user);
    const contractRows = customerIds.length
      ? await db
          .select({ id: contracts.id, key: contracts.key, customerId: contracts.customerId })
          .from(contracts)
          .where(inArray(contracts.customerId, customerIds))
          .orderBy(contracts.id)
      : [];
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

    async findForLogin(company: string, username: string): Promise<SessionUser | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.companyCode, company), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return row;
    },

    async markLoggedIn(userId: number, now: Date) {
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
    },

    /** Only the session's own user may be read by id. */
    async getOwn(user: SessionUser, id: string): Promise<User> {
      if (id !== String(user.id) && id !== user.key) throw forbidden();
      return toDto(user);
    },

    /** The holder of a contract's customer, if the session's user reaches that customer. */
    async getByContract(user: SessionUser, contractKey: string): Promise<User> {
      const [contract] = await db
        .select({ customerId: contracts.customerId })
        .from(contracts)
        .where(eq(contracts.key, contractKey))
        .limit(1);
      if (!contract) throw notFound();
      await customers.requireReachable(user, String(contract.customerId));
      const [holder] = await db
        .select()
        .from(users)
        .where(eq(users.customerId, contract.customerId))
        .limit(1);
      if (!holder) throw notFound();
      return toDto(holder);
    },

    async update(user: SessionUser, change: UserUpdate): Promise<User> {
      const set: Partial<typeof users.$inferInsert> = {};
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
        set.passwordHash = await hashPassword(change.password);
      }
      if (change.userOptions !== undefined) {
        try {
          JSON.parse(change.userOptions);
        } catch {
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
      const [updated] = await db.update(users).set(set).where(eq(users.id, user.id)).returning();
      return toDto(updated ?? user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
