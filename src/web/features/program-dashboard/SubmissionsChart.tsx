import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { formatDay } from '../../lib/format';

const DAY_S = 86_400;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOfIso = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/**
 * Submissions (bars) and applications started (line) per day, with the opening and the close marked
 * (uPlot, loaded only with this page). The same figures follow as a table for screen readers and
 * anyone who prefers numbers.
 */
export function SubmissionsChart({ data }: { data: Pick<Dashboard, 'program' | 'per_day'> }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const days = data.per_day;
  const openDay = dayOfIso(data.program.open_at);
  const closeDay = dayOfIso(data.program.close_at);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const series = useMemo(
    () =>
      [
        days.map((d) => dayStart(d.day)),
        days.map((d) => d.submitted),
        days.map((d) => d.started),
      ] as uPlot.AlignedData,
    [days],
  );

  useEffect(() => {
    const el = box.current;
    if (!el || width === 0 || days.length === 0) return;
    const markers = [
      // Each day's bar is centred on the day: the opening is at its left edge, the close at its right.
      openDay ? { at: dayStart(openDay) - DAY_S / 2, label: 'Opens', color: '#15803d', side: 1 } : null,
      closeDay ? { at: dayStart(closeDay) + DAY_S / 2, label: 'Closes', color: '#b91c1c', side: -1 } : null,
    ].filter((m): m is { at: number; label: string; color: string; side: number } => m !== null);
    const plot = new uPlot(
      {
        width,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: true },
        cursor: { y: false },
        scales: {
          x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        axes: [
          { stroke: '#475569', grid: { stroke: '#e2e8f0' } },
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, size: 40 },
        ],
        series: [
          {
            label: 'Day',
            value: (_u, v) => (v === null ? '—' : formatDay(new Date(v * 1000).toISOString().slice(0, 10))),
          },
          {
            label: 'Submitted',
            stroke: '#2563eb',
            fill: 'rgba(37, 99, 235, 0.35)',
            paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
            points: { show: false },
          },
          { label: 'Started', stroke: '#f59e0b', width: 2, points: { show: false } },
        ],
        hooks: {
          draw: [
            (u) => {
              const ctx = u.ctx;
              ctx.save();
              ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
              for (const m of markers) {
                const x = Math.round(u.valToPos(m.at, 'x', true));
                if (x < u.bbox.left - 1 || x > u.bbox.left + u.bbox.width + 1) continue;
                ctx.strokeStyle = m.color;
                ctx.fillStyle = m.color;
                ctx.lineWidth = 2 * devicePixelRatio;
                ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
                ctx.beginPath();
                ctx.moveTo(x, u.bbox.top);
                ctx.lineTo(x, u.bbox.top + u.bbox.height);
                ctx.stroke();
                ctx.textAlign = m.side > 0 ? 'left' : 'right';
                ctx.fillText(m.label, x + m.side * 4 * devicePixelRatio, u.bbox.top + 14 * devicePixelRatio);
              }
              ctx.restore();
            },
          ],
        },
      },
      series,
      el,
    );
    return () => plot.destroy();
  }, [width, series, days.length, openDay, closeDay]);

  const submitted = days.reduce((n, d) => n + d.submitted, 0);
  const busiest = days.reduce<(typeof days)[number] | null>(
    (b, d) => (d.submitted > (b?.submitted ?? 0) ? d : b),
    null,
  );
  const summary =
    submitted === 0
      ? 'No submissions yet.'
      : `${submitted} submitted in all; the busiest day was ${formatDay(busiest!.day)} with ${busiest!.submitted}.`;

  return (
    <figure className="m-0">
      <div
        ref={box}
        role="img"
        aria-label={`Submissions per day. ${summary}`}
        className="w-full overflow-hidden"
      />
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>{summary}</span>
        <span>
          Opens: {openDay ? formatDay(openDay) : 'on publication'} · Closes:{' '}
          {closeDay ? formatDay(closeDay) : 'never'}
        </span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-blue-700 hover:underline">
          Show the figures as a table
        </summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Applications started and submitted per day (UTC)</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Started
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Submitted
                </th>
              </tr>
            </thead>
            <tbody>
              {days
                .filter((d) => d.started || d.submitted)
                .map((d) => (
                  <tr key={d.day} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      {formatDay(d.day)}
                    </th>
                    <td className="py-1 pr-4 tabular-nums">{d.started}</td>
                    <td className="py-1 tabular-nums">{d.submitted}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
