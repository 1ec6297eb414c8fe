// Link tokens: 128 random bits; only their SHA-256 is stored, so the table holds no usable link.
// Exported to the demo package, which writes the README's demo links the same way.
import { createHash, randomBytes } from 'node:crypto';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const newLinkToken = () => randomBytes(16).toString('base64url');
