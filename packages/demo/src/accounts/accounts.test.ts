import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from './accounts.js';

describe('the precomputed demo password hash', () => {
  it('is the demo password', async () => {
    expect(await verify(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    expect(await verify(DEMO_PASSWORD_HASH, `${DEMO_PASSWORD}x`)).toBe(false);
  });

  it("uses argon2id at the server's parameters (19 MiB, 2 iterations, 1 lane)", () => {
    expect(DEMO_PASSWORD_HASH.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });
});
