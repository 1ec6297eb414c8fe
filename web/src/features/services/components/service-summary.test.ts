import { describe, expect, it } from 'vitest';
import { serviceSummary } from './service-summary';

describe('serviceSummary', () => {
  it('puts each number in its Italian singular or plural', () => {
    expect(serviceSummary(1, 0, 1)).toBe('1 attivo, 0 in attivazione su 1 fornitura');
    expect(serviceSummary(2, 1, 3)).toBe('2 attivi, 1 in attivazione su 3 forniture');
    expect(serviceSummary(0, 0, 2)).toBe('0 attivi, 0 in attivazione su 2 forniture');
  });
});
