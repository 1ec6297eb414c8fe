// Creating a staff account (the CLI, tests, the demo's operator): password argon2id-hashed as
// customers' are, a TOTP secret made here and handed back once, to be shown once (ADR 041).
import { COMPANY_CODES, STAFF_ROLES } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { hashPassword } from '../../platform/auth/password.js';
import { writeStaffAudit } from '../../platform/staff/staff-sessions.js';
import type { StaffRepository } from './repository.js';
import { newTotpSecret } from './totp.js';

export class StaffInputError extends Error {}

export interface NewStaffAccount {
  username: string;
  displayName: string;
  password: string;
  role: string;
  brands: string[];
}

export async function createStaffAccount(db: Db, repository: StaffRepository, input: NewStaffAccount) {
  if (!/^[a-z0-9._-]{3,64}$/.test(input.username))
    throw new StaffInputError('username: 3 to 64 of a-z 0-9 . _ -');
  if (!(STAFF_ROLES as readonly string[]).includes(input.role))
    throw new StaffInputError(`role: one of ${STAFF_ROLES.join(', ')}`);
  if (
    input.brands.length === 0 ||
    input.brands.some((b) => !(COMPANY_CODES as readonly string[]).includes(b))
  )
    throw new StaffInputError(`brands: one or more of ${COMPANY_CODES.join(', ')}`);
  if (input.password.length < 12) throw new StaffInputError('password: at least 12 characters');
  if (await repository.byUsername(input.username)) throw new StaffInputError('username: taken');
  const totp = newTotpSecret(input.username);
  const user = await repository.create(
    {
      username: input.username,
      displayName: input.displayName,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      brands: input.brands,
    },
    totp.secret,
  );
  await writeStaffAudit(db, {
    staffUserId: user.id,
    action: 'account_created',
    detail: { role: input.role, brands: input.brands },
  });
  return { id: user.id, ...totp };
}
