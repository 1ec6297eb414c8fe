// Password hashing with argon2id at the OWASP-recommended minimum (19 MiB, 2 iterations, 1 lane).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against a real hash even when the username is unknown keeps the answer time the same,
 * so timing does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  return dummyHash;
}
