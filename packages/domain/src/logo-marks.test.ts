import { describe, expect, it } from 'vitest';
import { LOGO_MARKS, logoMarkShapes } from './logo-marks';

describe('logo marks', () => {
  it.each(Object.entries(LOGO_MARKS))('%s paints in both brand colours', (_mark, shapes) => {
    expect(new Set(shapes.map((shape) => shape.colour))).toEqual(new Set(['primary', 'accent']));
  });

  it("draws a company's mark by name and the sun for a name it does not know", () => {
    expect(logoMarkShapes('mesa')).toBe(LOGO_MARKS.mesa);
    expect(logoMarkShapes('toString')).toBe(LOGO_MARKS.sun);
  });
});
