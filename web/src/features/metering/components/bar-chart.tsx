// A stacked bar chart drawn in SVG (no chart library: the route stays small). It is a picture for
// sighted users; the numbers are in the table that follows it, which screen readers and keyboards
// use (the SVG is one labelled image). It is drawn to the width of its frame, measured, so it fills
// the frame at every width; a series too long for the frame scrolls sideways inside it at 375 px.
import { useLayoutEffect, useRef, useState } from 'react';
import type { SeriesRow } from './series';

const HEIGHT = 220;
/** Room under the baseline for the period labels, and above the tallest bar for the maximum. */
const AXIS = 28;
const TOP = 16;
/** The narrowest slot a period gets before the chart scrolls, and the widest bar it draws. */
const MIN_SLOT = 12;
const MAX_BAR = 40;
const AXIS_FONT_PX = 10;
/** Axis text is sized here, not measured: 0.65 em is at least the average width of a character of
 * the labels in common sans fonts (DejaVu Sans, the widest, draws digits 0.64 em wide). */
const CHAR_WIDTH = 0.65 * AXIS_FONT_PX;
const LABEL_GAP = 8;

export interface ChartLayout {
  /** The drawing's width: the frame's, or wider when the periods need more room (it scrolls). */
  width: number;
  /** Each period's share of the width. */
  slot: number;
  /** Where the first period starts: half the longest label, so that the end labels fit. */
  inset: number;
  /** One period in `every` is labelled, so that labels never overlap. */
  every: number;
}

/**
 * Where the periods go in a frame `frameWidth` px wide. The slots are inset by half the longest
 * label on each side, so a label centred under the first or last bar stays inside the drawing.
 */
export function chartLayout(periods: number, longestLabel: number, frameWidth: number): ChartLayout {
  const count = Math.max(periods, 1);
  const labelWidth = longestLabel * CHAR_WIDTH;
  const inset = labelWidth / 2;
  const width = Math.max(Math.floor(frameWidth), Math.ceil(count * MIN_SLOT + labelWidth));
  const slot = (width - labelWidth) / count;
  return { width, slot, inset, every: Math.ceil((labelWidth + LABEL_GAP) / slot) };
}

/** The width of an element's content box, followed as it resizes (0 until it is laid out). */
function useContentWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Measured before the browser paints, so the chart is never seen at another width first.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      // No padding is computed where no style sheet applies (unit tests).
      const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
      setWidth(element.clientWidth - padding);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function BarChart({
  rows,
  bands,
  label,
  format,
}: {
  rows: readonly SeriesRow[];
  bands: readonly string[];
  label: string;
  format: (value: number) => string;
}) {
  const [frame, frameWidth] = useContentWidth();
  const max = Math.max(...rows.map((r) => Math.max(r.total, r.previous ?? 0)), 0) || 1;
  const longestLabel = Math.max(...rows.map((r) => r.label.length), 0);
  const { width, slot, inset, every } = chartLayout(rows.length, longestLabel, frameWidth);
  const baseline = HEIGHT - AXIS;
  const scale = (v: number) => (v / max) * (baseline - TOP);
  const compared = rows.some((r) => r.previous !== undefined);
  const bar = Math.min(slot * (compared ? 0.4 : 0.7), MAX_BAR);
  // The bar, and the previous year's beside it, centred in the period's slot under its label.
  const group = compared ? bar * 2 + 1 : bar;
  return (
    // Focusable so a keyboard can scroll a wide series; the drawing itself is hidden from screen
    // readers, which get the label here and the numbers in the table.
    <div className="bar-chart" tabIndex={0} role="region" aria-label={label} ref={frame}>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        fontSize={AXIS_FONT_PX}
        className="bar-chart__svg"
      >
        <text x={2} y={AXIS_FONT_PX} className="bar-chart__axis">
          {format(max)}
        </text>
        {rows.map((row, i) => {
          const centre = inset + (i + 0.5) * slot;
          const x = centre - group / 2;
          let y = baseline;
          return (
            <g key={row.key}>
              {bands.map((band) => {
                const h = scale(row.values[band] ?? 0);
                y -= h;
                return (
                  <rect key={band} x={x} y={y} width={bar} height={h} className={`bar-chart__bar--${band}`} />
                );
              })}
              {row.previous != null ? (
                <rect
                  x={x + bar + 1}
                  y={baseline - scale(row.previous)}
                  width={bar}
                  height={scale(row.previous)}
                  className="bar-chart__bar--previous"
                />
              ) : null}
              {i % every === 0 ? (
                <text x={centre} y={baseline + 14} textAnchor="middle" className="bar-chart__axis">
                  {row.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={baseline} y2={baseline} className="bar-chart__baseline" />
      </svg>
    </div>
  );
}

/** The legend of the bars: the bands shown (level 1) and the comparison year (level 2, 'YYYY'). */
export function ChartLegend({
  bands,
  previousYear,
}: {
  bands: readonly string[];
  previousYear: string | null;
}) {
  return (
    <ul className="chart-legend">
      {bands.map((band) => (
        <li key={band}>
          <span className={`chart-legend__swatch bar-chart__bar--${band}`} aria-hidden="true" />
          {band}
        </li>
      ))}
      {previousYear ? (
        <li>
          <span className="chart-legend__swatch bar-chart__bar--previous" aria-hidden="true" />
          {previousYear}
        </li>
      ) : null}
    </ul>
  );
}
