import { describe, expect, it } from 'vitest';
import { registerName } from './meter-registers';

describe('registerName', () => {
  it('names the electricity bands and the single registers of gas and heat', () => {
    expect(registerName('F1')).toBe('Fascia F1');
    expect(registerName('F23')).toBe('Fasce F2 e F3 (F23)');
    expect(registerName('VOL')).toBe('Volume');
    expect(registerName('ET')).toBe('Energia termica');
  });

  it('shows an unknown channel as its code rather than nothing', () => {
    expect(registerName('R1')).toBe('R1');
  });
});
