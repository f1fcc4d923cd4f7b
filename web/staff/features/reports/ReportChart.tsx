// The chart of a report: a small inline SVG bar chart (no charting library; see docs/decisions.md), loaded lazily
// with the Reports screen so neither the shopper nor the rest of the staff portal downloads it. Accessible: the
// SVG is an image with a title and a text summary; the table beside it holds every number.

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartPoint {
  label: string;
  values: Record<string, number | null>;
}

const COLORS = ['#1d4ed8', '#059669', '#b45309', '#7c3aed'];

export default function ReportChart({
  title,
  summary,
  series,
  points,
  threshold,
}: {
  title: string;
  summary: string;
  series: ChartSeries[];
  points: ChartPoint[];
  /** A horizontal line (e.g. the 15% first-payment-default alert). */
  threshold?: { value: number; label: string };
}) {
  const width = 720;
  const height = 260;
  const pad = { top: 16, right: 16, bottom: 56, left: 48 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const max = Math.max(1, threshold?.value ?? 0, ...points.flatMap((p) => series.map((s) => p.values[s.key] ?? 0)));
  const niceMax = max <= 10 ? Math.ceil(max) : Math.ceil(max / 5) * 5;
  const y = (v: number) => pad.top + plotH - (v / niceMax) * plotH;
  const slot = points.length ? plotW / points.length : plotW;
  const barW = Math.max(2, Math.min(28, (slot * 0.8) / Math.max(1, series.length)));
  const ticks = [0, niceMax / 2, niceMax];
  const labelEvery = Math.max(1, Math.ceil(points.length / 12));
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <figure className="report-chart" data-testid="report-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
            <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#374151">
              {Number.isInteger(v) ? v : v.toFixed(1)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          series.map((s, j) => {
            const v = p.values[s.key] ?? 0;
            const x = pad.left + i * slot + (slot - barW * series.length) / 2 + j * barW;
            return (
              <rect
                key={`${i}-${s.key}`}
                x={x}
                y={y(v)}
                width={barW - 1}
                height={Math.max(0, pad.top + plotH - y(v))}
                fill={COLORS[j % COLORS.length]}
              />
            );
          }),
        )}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text
              key={`l${i}`}
              x={pad.left + i * slot + slot / 2}
              y={height - pad.bottom + 14}
              textAnchor="middle"
              fontSize="10"
              fill="#374151"
            >
              {p.label.length > 14 ? `${p.label.slice(0, 13)}…` : p.label}
            </text>
          ) : null,
        )}
        {threshold ? (
          <g>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(threshold.value)}
              y2={y(threshold.value)}
              stroke="#b91c1c"
              strokeDasharray="6 4"
            />
            <text x={width - pad.right} y={y(threshold.value) - 4} textAnchor="end" fontSize="11" fill="#b91c1c">
              {threshold.label}
            </text>
          </g>
        ) : null}
        {series.map((s, j) => (
          <g key={s.key} transform={`translate(${pad.left + j * 180}, ${height - 18})`}>
            <rect width="12" height="12" fill={COLORS[j % COLORS.length]} />
            <text x="16" y="10" fontSize="11" fill="#111827">
              {s.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
