// The demo's customer-care operator (ADR 041): every brand, the demo password and a published TOTP
// secret, so the console can be tried (and the browser tests log in) without the CLI. Like the demo
// customers' passwords, public: production refuses demo data unless ALLOW_DEMO_DATA_IN_PRODUCTION.
import { COMPANY_CODES } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { staffFactors, staffUsers } from '@sportello/db/schema';
import { DEMO_PASSWORD_HASH } from './accounts.js';

export const DEMO_STAFF = {
  username: 'operatore.demo',
  displayName: 'Operatore demo',
  role: 'operator',
  brands: [...COMPANY_CODES],
  /** Base32, 160 bits: add it to an authenticator app (or compute the code with `otpauth`). */
  totpSecret: 'KRSXG5CTN5ZHIZLMNRXVA33SORQWYZLE',
  whatItShows:
    'Customer-care console at /operatore (ADR 041): an operator of every brand. Log in with the password and the ' +
    'code an authenticator app shows for the TOTP secret (SHA-1, 6 digits, 30 s); search, open a customer.',
} as const;

/** Kept across a reset (staff tables are), so it is added only when missing. */
export async function seedDemoStaff(db: Db): Promise<void> {
  const [user] = await db
    .insert(staffUsers)
    .values({
      username: DEMO_STAFF.username,
      displayName: DEMO_STAFF.displayName,
      passwordHash: DEMO_PASSWORD_HASH,
      role: DEMO_STAFF.role,
      brands: [...DEMO_STAFF.brands],
    })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  if (user)
    await db
      .insert(staffFactors)
      .values({ staffUserId: user.id, kind: 'totp', secret: DEMO_STAFF.totpSecret });
}
