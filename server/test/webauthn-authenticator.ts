// A software authenticator for API tests (ADR 038): ES256 keys of node:crypto, 'none' attestation,
// assertions with user presence and verification, answers shaped as @simplewebauthn/browser sends
// them. Tests choose the origin, to prove a foreign one is refused, and replay its answers.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The few CBOR shapes WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: ${typeof value}`);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');
const UP_UV = 0x01 | 0x04;

interface Key {
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export function createAuthenticator(defaults: { origin: string; rpId: string }) {
  const keys = new Map<string, Key>();

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** The answer to registration options: a new resident ES256 key. */
    register(options: { challenge: string; user: { id: string } }, origin = defaults.origin) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const credentialId = randomBytes(16);
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(defaults.rpId),
        Buffer.from([UP_UV | 0x40]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        length,
        credentialId,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      keys.set(b64(credentialId), { privateKey, counter: 0, userHandle: options.user.id });
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal' as const],
        },
      };
    },

    /** The answer to request options with one of its keys (the first, unless named). */
    assert(options: { challenge: string }, credentialId?: string, origin = defaults.origin) {
      const id = credentialId ?? [...keys.keys()][0]!;
      const key = keys.get(id)!;
      key.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(key.counter);
      const authData = Buffer.concat([sha256(defaults.rpId), Buffer.from([UP_UV]), counter]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), key.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: key.userHandle,
        },
      };
    },
  };
}
