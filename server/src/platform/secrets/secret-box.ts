// Secrets the server must read back (the machine tokens' signing key, staff TOTP secrets, webhook
// secrets) rest in the database encrypted with a key held outside it (SECRETS_KEY), so a backup or a
// replica gives nothing (ADR 049). AES-256-GCM from node:crypto; each value names the key that sealed
// it, so keys rotate: the first key of SECRETS_KEY seals, every listed key opens, and a value sealed
// with an older key (or still in clear, from before) is sealed again with the current one.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretsKey {
  /** Named in every value it seals, so the right key opens it after a rotation. */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Outside production a key is derived from a fixed phrase, so a development database and its CLIs
 * agree without setup. It is public: it hides nothing, and production refuses to start without a key.
 */
export const DEVELOPMENT_SECRETS_KEY: SecretsKey = {
  id: 'dev',
  key: createHash('sha256').update('sportello: development secrets key, not a secret').digest(),
};

/** `id:base64` (32 bytes) entries, comma-separated, the current key first. */
export function parseSecretsKeys(value: string): SecretsKey[] | string {
  const keys: SecretsKey[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(entry);
    if (!match) return 'entries of the form <key id>:<32 bytes in base64>, comma-separated, current first';
    // Node's base64 decoder reads the URL-safe alphabet too.
    const key = Buffer.from(match[2]!, 'base64');
    if (key.length !== 32) return `key ${match[1]} is ${key.length} bytes, not 32 (openssl rand -base64 32)`;
    if (keys.some((k) => k.id === match[1])) return `key id ${match[1]} is listed twice`;
    keys.push({ id: match[1]!, key });
  }
  return keys;
}

const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * Seals and opens the values of one column. `purpose` (the column's name) is bound to every value,
 * so a value copied into another column does not open there.
 */
export function createSecretBox(keys: readonly SecretsKey[], purpose: string) {
  const current = keys[0];
  if (!current) throw new Error('no secrets key');
  const aad = Buffer.from(purpose);
  // What a CLI sealed before SECRETS_KEY was set opens too, as a value in clear does, and is sealed again.
  const openers = keys.some((k) => k.id === DEVELOPMENT_SECRETS_KEY.id)
    ? keys
    : [...keys, DEVELOPMENT_SECRETS_KEY];

  function seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current!.key, iv).setAAD(aad);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${current!.id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** The clear value; a value from before encryption (no prefix) is its own clear value. */
  function open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [id, iv, body] = stored.slice(PREFIX.length).split(':');
    const key = openers.find((k) => k.id === id);
    if (!key || !iv || !body)
      throw new Error(`${purpose}: sealed with key "${id}", which SECRETS_KEY does not list`);
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url')).setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  return {
    seal,
    open,
    /** True when the stored value should be sealed again: still in clear, or sealed with an older key. */
    needsSealing: (stored: string) => !stored.startsWith(`${PREFIX}${current.id}:`),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * Seals again the stored values still in clear or under an older key (a process's start, after a
 * rotation); `write` stores one row's new value only where the old one is still there. Answers how many.
 */
export async function sealAgain<Row extends { secret: string }>(
  box: SecretBox,
  rows: readonly Row[],
  write: (row: Row, sealed: string) => Promise<unknown>,
): Promise<number> {
  const stale = rows.filter((row) => box.needsSealing(row.secret));
  for (const row of stale) await write(row, box.seal(box.open(row.secret)));
  return stale.length;
}
