// The sealing of stored secrets (ADR 049): a round trip, a fresh IV each time, nothing opens what was
// changed, copied to another column or sealed with a key no longer listed; rotation by key id.
import { describe, expect, it } from 'vitest';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY, parseSecretsKeys, type SecretsKey } from './secret-box.js';

const key = (id: string, fill: number): SecretsKey => ({ id, key: Buffer.alloc(32, fill) });
const K1 = key('k1', 1);
const K2 = key('k2', 2);

describe('the secret box', () => {
  it('seals with the current key and a fresh IV, and opens what it sealed', () => {
    const box = createSecretBox([K1], 'staff_factors.secret');
    const a = box.seal('KRSXG5CTN5ZHIZLMNRXVA33SORQWYZLE');
    const b = box.seal('KRSXG5CTN5ZHIZLMNRXVA33SORQWYZLE');
    expect(a).toMatch(/^sealed:v1:k1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('KRSXG5');
    expect(box.open(a)).toBe('KRSXG5CTN5ZHIZLMNRXVA33SORQWYZLE');
    expect(box.needsSealing(a)).toBe(false);
  });

  it('opens nothing changed, copied to another column, or sealed with a key no longer listed', () => {
    const sealed = createSecretBox([K1], 'staff_factors.secret').seal('secret');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const changed = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => createSecretBox([K1], 'staff_factors.secret').open(changed)).toThrow();
    expect(() => createSecretBox([K1], 'integration_webhooks.secret').open(sealed)).toThrow();
    expect(() => createSecretBox([K2], 'staff_factors.secret').open(sealed)).toThrow(/"k1"/);
  });

  it('rotates: an older key still opens, and its values (and values in clear) need sealing again', () => {
    const old = createSecretBox([K1], 'c').seal('secret');
    const rotated = createSecretBox([K2, K1], 'c');
    expect(rotated.open(old)).toBe('secret');
    expect(rotated.needsSealing(old)).toBe(true);
    expect(rotated.open('in clear from before')).toBe('in clear from before');
    expect(rotated.needsSealing('in clear from before')).toBe(true);
    // What a CLI sealed with the development key before SECRETS_KEY was set opens too.
    expect(rotated.open(createSecretBox([DEVELOPMENT_SECRETS_KEY], 'c').seal('cli'))).toBe('cli');
  });

  it.each([
    ['k1', /entries of the form/],
    [`k1:${Buffer.alloc(16).toString('base64')}`, /16 bytes, not 32/],
    [`k1:${Buffer.alloc(32).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`, /twice/],
  ])('refuses SECRETS_KEY=%s', (value, message) => expect(parseSecretsKeys(value)).toMatch(message));
});
