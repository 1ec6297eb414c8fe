// The brands' logo marks (simple, original), drawn once as data that the web paints as SVG and the
// server paints into the PDF bill, so a brand's mark cannot differ between page and paper. Each
// shape is an SVG path on a 40×40 box, painted in the brand's primary or accent colour (the accent
// is decoration only, never under text).

export type LogoMark = 'sun' | 'wave' | 'star' | 'mesa' | 'flame';

type MarkColour = 'primary' | 'accent';
/** A shape is filled, or drawn as a line of `strokeWidth` with round ends. */
export type LogoMarkShape =
  | { d: string; colour: MarkColour; paint: 'fill' }
  | { d: string; colour: MarkColour; paint: 'stroke'; strokeWidth: number };

const fill = (colour: MarkColour, d: string): LogoMarkShape => ({ d, paint: 'fill', colour });
const stroke = (colour: MarkColour, strokeWidth: number, d: string): LogoMarkShape => ({
  d,
  paint: 'stroke',
  colour,
  strokeWidth,
});
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
const roundedRect = (x: number, y: number, width: number, height: number, r: number) =>
  `M${x + r} ${y}h${width - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${height - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}` +
  `h${2 * r - width}a${r} ${r} 0 0 1 ${-r} ${-r}v${2 * r - height}a${r} ${r} 0 0 1 ${r} ${-r}z`;

/** Eight rays around the sun's disc, each a short line from 12.5 to 16.5 units off the centre. */
const SUN_RAYS = Array.from({ length: 8 }, (_, index) => {
  const angle = (index * Math.PI) / 4;
  const point = (radius: number) =>
    `${(20 + radius * Math.sin(angle)).toFixed(2)} ${(20 - radius * Math.cos(angle)).toFixed(2)}`;
  return stroke('primary', 3, `M${point(12.5)}L${point(16.5)}`);
});

export const LOGO_MARKS: Readonly<Record<LogoMark, readonly LogoMarkShape[]>> = {
  sun: [...SUN_RAYS, fill('accent', circle(20, 20, 9)), stroke('primary', 2, 'M14 22c2-3 4-3 6 0s4 3 6 0')],
  wave: [
    fill('primary', 'M20 3C14 12 9 18 9 25a11 11 0 0 0 22 0c0-7-5-13-11-22z'),
    stroke('accent', 2.5, 'M12 26c3-3 5-3 8 0s5 3 8 0'),
  ],
  star: [
    fill('primary', circle(20, 20, 18)),
    fill('accent', 'M20 7l3.6 8.4 9 .8-6.8 6 2 8.8L20 26.4 12.2 31l2-8.8-6.8-6 9-.8z'),
  ],
  mesa: [
    fill('primary', roundedRect(4, 26, 32, 8, 2)),
    fill('accent', roundedRect(9, 16, 22, 8, 2)),
    fill('primary', roundedRect(14, 6, 12, 8, 2)),
  ],
  flame: [
    fill('primary', 'M21 2c2 8 12 12 12 23a13 13 0 0 1-26 0c0-6 3-10 6-13 0 5 2 7 4 8-1-7 1-13 4-18z'),
    fill('accent', 'M20 20c3 3 6 6 6 10a6 6 0 0 1-12 0c0-4 3-6 6-10z'),
  ],
};

/** The mark a company row names; a name we do not draw falls back to the sun (the column's default). */
export function logoMarkShapes(mark: string): readonly LogoMarkShape[] {
  return Object.hasOwn(LOGO_MARKS, mark) ? LOGO_MARKS[mark as LogoMark] : LOGO_MARKS.sun;
}
