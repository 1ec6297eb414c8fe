// A stacked bar chart drawn in SVG (no chart library: the route stays small). It is a picture for
// sighted users; the numbers are in the table that follows it, which screen readers and keyboards
// use (the SVG is one labelled image). Wide series scroll sideways inside their frame at 375 px.
import type { SeriesRow } from './series';

const HEIGHT = 220;
const AXIS = 28;
const MIN_BAR = 6;

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
  const max = Math.max(...rows.map((r) => Math.max(r.total, r.previous ?? 0)), 0) || 1;
  const slot = Math.max(MIN_BAR * 2, Math.min(48, 640 / Math.max(rows.length, 1)));
  const width = Math.max(rows.length * slot, 280);
  const scale = (v: number) => (v / max) * (HEIGHT - AXIS);
  const every = Math.ceil(rows.length / 12);
  return (
    // Focusable so a keyboard can scroll a wide series; the drawing itself is hidden from screen
    // readers, which get the label here and the numbers in the table.
    <div className="bar-chart" tabIndex={0} role="region" aria-label={label}>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        className="bar-chart__svg"
      >
        <text x={2} y={10} className="bar-chart__axis">
          {format(max)}
        </text>
        {rows.map((row, i) => {
          const x = i * slot + slot * 0.15;
          const w = slot * (row.previous !== undefined ? 0.4 : 0.7);
          let y = HEIGHT - AXIS;
          return (
            <g key={row.key}>
              {bands.map((band) => {
                const h = scale(row.values[band] ?? 0);
                y -= h;
                return (
                  <rect key={band} x={x} y={y} width={w} height={h} className={`bar-chart__bar--${band}`} />
                );
              })}
              {row.previous != null ? (
                <rect
                  x={x + w + 1}
                  y={HEIGHT - AXIS - scale(row.previous)}
                  width={w}
                  height={scale(row.previous)}
                  className="bar-chart__bar--previous"
                />
              ) : null}
              {i % every === 0 ? (
                <text x={x} y={HEIGHT - AXIS + 14} className="bar-chart__axis">
                  {row.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="bar-chart__baseline" />
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
