/** A simple bar chart in SVG (no chart library): one bar per label, the value written above it. */
export function BarChart({
  title,
  bars,
  format = String,
  color = '#b91c1c',
}: {
  title: string;
  bars: readonly { label: string; value: number }[];
  format?: (value: number) => string;
  color?: string;
}) {
  const width = 560;
  const height = 220;
  const top = 24;
  const bottom = 28;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.min(56, slot * 0.6);
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="h-auto w-full">
        <title>{title}</title>
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="#cbd5e1" />
        {bars.map((bar, i) => {
          const h = ((height - top - bottom) * bar.value) / max;
          const x = i * slot + (slot - barWidth) / 2;
          const y = height - bottom - h;
          return (
            <g key={bar.label}>
              <rect x={x} y={y} width={barWidth} height={h} rx="4" fill={color} />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" fontSize="12" fill="#334155">
                {format(bar.value)}
              </text>
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" fontSize="13" fill="#475569">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{bars.map((b) => `${b.label}: ${format(b.value)}`).join('; ')}</figcaption>
    </figure>
  );
}
