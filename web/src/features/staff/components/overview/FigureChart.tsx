/**
 * One chart of the overview, drawn by Chart.js (bars, stacked or side by side, and lines) on a canvas that is a
 * picture with a name (role img): the same figures are always in a table beside it (FigureTable), which is what
 * screen readers and keyboard users read. The colours are the staff console's chart tokens (staff.css), read from
 * the page when it is drawn and again when the theme changes; the chart follows its box's width (360 px and up).
 * Chart.js loads with the first chart drawn (./chart-js.ts): the console's other screens never load it.
 */
import { useEffect, useRef } from 'react';
import type { Chart, ChartConfiguration } from 'chart.js';
import { useTheme } from '../../../../stores/theme';

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** Drawn as a line over the bars (a threshold, a percentile) instead of bars. */
  readonly line?: boolean;
}

interface FigureChartProps {
  /** What the chart shows, as its accessible name. */
  readonly label: string;
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly stacked?: boolean;
  /** The value axis' title, e.g. "Leads" or "Hours". */
  readonly unit: string;
}

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'];

function config(el: HTMLCanvasElement, props: FigureChartProps): ChartConfiguration<'bar' | 'line'> {
  const style = getComputedStyle(el);
  const token = (name: string) => style.getPropertyValue(name).trim() || 'gray';
  const text = token('--text-muted');
  const grid = token('--border');
  return {
    type: 'bar',
    data: {
      labels: [...props.labels],
      datasets: props.series.map((s, i) => {
        const color = token(PALETTE[i % PALETTE.length] as string);
        return s.line
          ? { type: 'line' as const, label: s.label, data: [...s.values], borderColor: color, backgroundColor: color, borderWidth: 2, pointRadius: 2, spanGaps: true }
          : { type: 'bar' as const, label: s.label, data: [...s.values], backgroundColor: color, borderWidth: 0 };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { stacked: props.stacked ?? false, ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
        y: { stacked: props.stacked ?? false, beginAtZero: true, title: { display: true, text: props.unit, color: text }, ticks: { color: text, precision: 0 }, grid: { color: grid } },
      },
      plugins: { legend: { position: 'bottom', labels: { color: text, boxWidth: 12 } } },
    },
  };
}

export function FigureChart(props: FigureChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar' | 'line'> | null>(null);
  const theme = useTheme((s) => s.theme);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let current = true;
    void import('./chart-js').then(({ Chart }) => {
      // The theme's attribute on <html> is set before this render: the tokens read now are the new theme's.
      if (!current) return;
      const next = config(el, props);
      if (chart.current) {
        chart.current.data = next.data;
        chart.current.options = next.options ?? {};
        chart.current.update();
      } else {
        chart.current = new Chart(el, next);
      }
    });
    return () => {
      current = false;
    };
  }, [props, theme]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <div className="staff-chart">
      {/* data-figures: what the chart draws, the same figures as its table (the browser tests read it). */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a canvas is drawn on; an <img> cannot be */}
      <canvas ref={canvas} role="img" aria-label={`${props.label} (chart; the table below lists the same figures)`} data-figures={JSON.stringify({ labels: props.labels, series: props.series })} />
    </div>
  );
}
