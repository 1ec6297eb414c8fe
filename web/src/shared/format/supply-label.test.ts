import { describe, expect, it } from 'vitest';
import { supplyAddressLine, supplyName } from './supply-label';

const address = { address: 'Via Garibaldi 1', postalCode: '00153', locality: 'Roma', province: 'RM' };

describe('supply label', () => {
  it('is the nickname, or else the street address', () => {
    expect(supplyName({ nickname: 'Casa', address })).toBe('Casa');
    expect(supplyName({ nickname: '  Casa  ', address })).toBe('Casa');
    expect(supplyName({ nickname: null, address })).toBe('Via Garibaldi 1');
    expect(supplyName({ nickname: '   ', address })).toBe('Via Garibaldi 1');
  });

  it('writes the address on one line', () => {
    expect(supplyAddressLine({ address })).toBe('Via Garibaldi 1, 00153 Roma (RM)');
  });
});
