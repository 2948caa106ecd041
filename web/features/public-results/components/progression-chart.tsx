import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PerformanceAnalytics } from '../../../../api/contracts/public-results.ts';
import { formatTime } from '../../../../api/domain/times.ts';

/**
 * A competitor's official times over time (uplot, loaded only with this component: the competitor page
 * imports it lazily). Lower is better; each point is one result.
 */
export default function ProgressionChart({ points }: { points: PerformanceAnalytics['points'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || points.length === 0) return;
    const xs = points.map((p) => Date.parse(`${p.date}T12:00:00Z`) / 1000);
    const ys = points.map((p) => p.timeMs / 1000);
    const width = () => Math.max(element.clientWidth, 240);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: '#475569' },
          { stroke: '#475569', size: 64, values: (_u, values) => values.map((v) => formatTime(Math.round(v * 1000))) },
        ],
        series: [{}, { label: 'Official time', stroke: '#b91c1c', width: 2, points: { size: 8, fill: '#b91c1c' } }],
      },
      [xs, ys],
      element,
    );
    const onResize = () => chart.setSize({ width: width(), height: 220 });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.destroy();
    };
  }, [points]);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">
        Official times over time (lower is faster)
      </figcaption>
      <div
        ref={box}
        data-testid="progression-chart"
        role="img"
        aria-label={`Progression chart of ${points.length} official times`}
      />
    </figure>
  );
}
