import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import styles from './chart.module.css';

// Only what a bar chart needs: chart.js is tree-shaken to these parts (about 45 KB gzipped).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export type BarTone = 'positive' | 'negative' | 'neutral';

export type BarChartProps = {
  /** One label per bar (x axis). */
  labels: string[];
  values: number[];
  /** A bar's colour; by default its sign (above zero positive, below negative). */
  toneOf?: (value: number, index: number) => BarTone;
  /** The value as people read it (tooltip). */
  formatValue: (value: number) => string;
  /** The y axis ticks; formatValue by default. */
  formatTick?: (value: number) => string;
  /** The tooltip's title for a bar; its label by default. */
  titleOf?: (index: number) => string;
  /** What the chart shows, for screen readers (the canvas is an image to them). */
  label: string;
  heightPx?: number;
  className?: string;
  'data-testid'?: string;
};

const defaultTone = (value: number): BarTone =>
  value > 0 ? 'positive' : value < 0 ? 'negative' : 'neutral';

/** A design token's value (the canvas cannot read CSS variables itself). */
function token(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * The platform's one chart (docs/conventions.md "one Chart"): bars over categories, drawn by
 * chart.js on a canvas in the theme's colours, resizing with its box. Import it lazily (it
 * carries chart.js): `lazyArea('…', () => import('@/components/chart')…)`.
 */
export function BarChart({
  labels,
  values,
  toneOf = defaultTone,
  formatValue,
  formatTick = formatValue,
  titleOf,
  label,
  heightPx = 260,
  className,
  'data-testid': testId,
}: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<'bar'> | null>(null);
  // The formatters change identity on every render; the chart reads the latest through refs.
  const format = useRef({ formatValue, formatTick, titleOf });
  format.current = { formatValue, formatTick, titleOf };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const colour = {
      positive: token(canvas, '--success', '#2ec27e'),
      negative: token(canvas, '--danger', '#f25f5c'),
      neutral: token(canvas, '--text-faint', '#6b7790'),
    };
    const text = token(canvas, '--text-muted', '#9aa6bd');
    const grid = token(canvas, '--border', 'rgba(255,255,255,0.08)');
    const font = token(canvas, '--font', 'system-ui');
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            data: values,
            backgroundColor: values.map((v, i) => colour[toneOf(v, i)]),
            borderRadius: 4,
            maxBarThickness: 28,
            minBarLength: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 300 },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              title: (items) => {
                const index = items[0]?.dataIndex ?? 0;
                return format.current.titleOf?.(index) ?? labels[index] ?? '';
              },
              label: (item) => format.current.formatValue(item.parsed.y ?? 0),
            },
          },
        },
        scales: {
          x: {
            grid: { display: false },
            ticks: {
              color: text,
              font: { family: font, size: 11 },
              maxRotation: 0,
              autoSkip: true,
            },
            border: { color: grid },
          },
          y: {
            grid: { color: grid },
            border: { display: false },
            ticks: {
              color: text,
              font: { family: font, size: 11 },
              maxTicksLimit: 6,
              callback: (value) => format.current.formatTick(Number(value)),
            },
          },
        },
      },
    };
    chartRef.current?.destroy();
    chartRef.current = new Chart(canvas, config);
    return () => {
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, [labels, values, toneOf]);

  return (
    <div
      className={[styles.chart, className].filter(Boolean).join(' ')}
      style={{ height: heightPx }}
      data-testid={testId}
    >
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
