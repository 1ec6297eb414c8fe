// Portal users. All share one argon2id hash of the demo password, precomputed in accounts.ts
// (argon2 is slow on purpose; hashing per user would dominate a 100,000-customer seed).
import { users } from '@sportello/db/schema';
import { nextKey, type SeedContext } from '../engine/context.js';
import { romeInstant } from '../engine/dates.js';
import { userRow } from '../world/index.js';

export interface UserSpec {
  username: string;
  type: string;
  status: string;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneMobile: string | null;
  since: string;
  scope: '' | 'G';
  commercialNotifications?: boolean;
}

export function addUser(ctx: SeedContext, spec: UserSpec): { id: number; key: string } {
  const id = ctx.ids.next(users);
  const key = nextKey(ctx, 'USR', spec.scope);
  ctx.buffer.add(
    users,
    userRow({
      id,
      key,
      companyCode: ctx.company.code,
      username: spec.username,
      passwordHash: ctx.passwordHash,
      status: spec.status,
      type: spec.type,
      customerId: spec.customerId,
      firstName: spec.firstName,
      lastName: spec.lastName,
      email: spec.email,
      phoneMobile: spec.phoneMobile,
      // Long-standing accounts: the onboarding tour (due after a first login) counts as seen.
      userOptions: '{"onboardingSeen":true}',
      receiveCommercialNotifications: spec.commercialNotifications ?? false,
      receiveTechNotifications: true,
      createdAt: romeInstant(spec.since, 12),
    }),
  );
  return { id, key };
}
