// One-time codes (4 digits, random, stored hashed, single use, 10 minutes, at most 5 wrong tries):
// the profile's contact changes and a registration's proof of possession (ADR 022) check them alike.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_CODE_LENGTH } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import type { otpWorkflows } from '@sportello/db/schema';

export type OtpRow = typeof otpWorkflows.$inferSelect;
/** Whose codes: a user's (contact changes) or, before any user exists, a customer's (registration). */
export type OtpOwner = { userId: number } | { customerId: number };

/** The SQL a check needs; the profile's repository has it (platform code names no module). */
export interface OtpTries {
  countTry(tx: Db, id: string, owner: OtpOwner, maxTries: number, now: Date): Promise<OtpRow | undefined>;
  findOtp(tx: Db, id: string, owner: OtpOwner): Promise<OtpRow | undefined>;
  markVerified(tx: Db, id: string, now: Date): Promise<boolean>;
}

export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;

export type OtpOutcome = 'verified' | 'wrong' | 'expired' | 'locked' | 'invalid';

export const newOtpCode = () => String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');

/** The workflow id salts the hash, so equal codes of two workflows do not hash alike. */
export const hashOtpCode = (workflowId: string, code: string) =>
  createHash('sha256').update(`${workflowId}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Counts one try of `code` against the owner's workflow and, on a match, spends it (inside `tx`, so
 * what the match unlocks commits with it). `row` is the code's workflow when it matched.
 */
export async function checkOtp(
  repository: OtpTries,
  tx: Db,
  input: { workflowId: string; owner: OtpOwner; code: string; now: Date },
): Promise<{ outcome: OtpOutcome; attemptsLeft: number; row?: OtpRow }> {
  const { workflowId, owner, code, now } = input;
  const counted = await repository.countTry(tx, workflowId, owner, OTP_MAX_TRIES, now);
  if (!counted) {
    const row = await repository.findOtp(tx, workflowId, owner);
    if (!row || row.verifiedAt) return { outcome: 'invalid', attemptsLeft: 0 };
    return { outcome: row.expiresAt <= now ? 'expired' : 'locked', attemptsLeft: 0 };
  }
  const attemptsLeft = OTP_MAX_TRIES - counted.attempts;
  if (!sameHash(counted.codeHash, hashOtpCode(workflowId, code))) return { outcome: 'wrong', attemptsLeft };
  if (!(await repository.markVerified(tx, workflowId, now))) return { outcome: 'invalid', attemptsLeft: 0 };
  return { outcome: 'verified', attemptsLeft, row: counted };
}
