import { describe, expect, it } from 'vitest';
import { chartLayout } from './bar-chart';

/** The labelled periods' extents, [left, right], for labels `chars` characters long (the layout's
 * inset is half the width it allows a label). */
function labelBoxes(periods: number, chars: number, frameWidth: number) {
  const { slot, inset, every } = chartLayout(periods, chars, frameWidth);
  return Array.from({ length: periods }, (_, i) => i)
    .filter((i) => i % every === 0)
    .map((i) => inset + (i + 0.5) * slot)
    .map((centre) => [centre - inset, centre + inset] as const);
}

describe('chartLayout', () => {
  it('fills a desktop frame with a year of months, every month labelled', () => {
    const layout = chartLayout(13, 'nov 2025'.length, 1100);
    expect(layout.width).toBe(1100);
    expect(layout.every).toBe(1);
    const boxes = labelBoxes(13, 8, 1100);
    expect(boxes[0]![0]).toBeGreaterThanOrEqual(0);
    expect(boxes.at(-1)![1]).toBeLessThanOrEqual(1100);
  });

  it('scrolls a month of days in a phone frame rather than draw bars thinner than 12 px', () => {
    const layout = chartLayout(30, '05/01/2026'.length, 311);
    expect(layout.width).toBeGreaterThan(311);
    expect(layout.slot).toBe(12);
  });

  it.each([
    [1, 8],
    [13, 8],
    [30, 10],
    [24, 11],
    [366, 10],
  ])('keeps %i labels of %i characters inside the drawing and apart at every width', (periods, chars) => {
    for (const frame of [0, 280, 311, 343, 700, 1100, 1900]) {
      const { width } = chartLayout(periods, chars, frame);
      expect(width).toBeGreaterThanOrEqual(Math.floor(frame));
      const boxes = labelBoxes(periods, chars, frame);
      expect(boxes[0]![0]).toBeGreaterThanOrEqual(0);
      expect(boxes.at(-1)![1]).toBeLessThanOrEqual(width);
      boxes.slice(1).forEach(([left], i) => expect(left).toBeGreaterThan(boxes[i]![1]));
    }
  });
});
