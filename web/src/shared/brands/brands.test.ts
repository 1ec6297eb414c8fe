import { describe, expect, it } from 'vitest';
import { COMPANY_CODES } from '@sportello/contract';
import { BRANDS, brandCssVariables, brandOf, isCompanyCode } from './brands';
import { contrastRatio } from './contrast';

const INK = '#1b1b1f';
const WHITE = '#ffffff';

describe('brands', () => {
  it('has one brand per company code, sga by default', () => {
    expect(Object.keys(BRANDS).sort()).toEqual([...COMPANY_CODES].sort());
    expect(brandOf(null).code).toBe('sga');
    expect(isCompanyCode('mes')).toBe(true);
    expect(isCompanyCode('xyz')).toBe(false);
  });

  it.each(COMPANY_CODES)('%s colour tokens reach WCAG AA contrast', (code) => {
    const { colors } = BRANDS[code];
    expect(contrastRatio(colors.onPrimary, colors.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.onPrimary, colors.primaryStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.primary, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.primary, colors.primarySoft)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(INK, colors.primarySoft)).toBeGreaterThanOrEqual(7);
  });

  it('turns colour tokens into custom properties', () => {
    expect(brandCssVariables(BRANDS.sga)).toMatchObject({
      '--color-primary': '#8a3a00',
      '--color-on-primary': '#ffffff',
    });
  });

  it('offers write-us everywhere but mes, and fewer site links for mes', () => {
    expect(COMPANY_CODES.filter((code) => !BRANDS[code].writeUs)).toEqual(['mes']);
    expect(BRANDS.mes.siteLinks.length).toBeLessThan(BRANDS.sga.siteLinks.length);
  });

  it.each(COMPANY_CODES)('%s phone hours are whole opening spans, one per set of days', (code) => {
    const { supportHours } = BRANDS[code];
    expect(supportHours.length).toBeGreaterThan(0);
    expect(new Set(supportHours.map((h) => h.days)).size).toBe(supportHours.length);
    for (const { from, to } of supportHours) {
      expect(from).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(to).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(from < to).toBe(true);
    }
  });
});
