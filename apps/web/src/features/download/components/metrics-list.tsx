import type { JobMetrics } from '@sitezip/contracts';

const rows: ReadonlyArray<{ key: keyof JobMetrics; label: string; unit: string; digits: number }> = [
  { key: 'peak_memory_mb', label: 'Peak memory', unit: ' MB', digits: 1 },
  { key: 'avg_cpu_percent', label: 'Avg CPU', unit: '%', digits: 1 },
  { key: 'max_cpu_percent', label: 'Max CPU', unit: '%', digits: 1 },
  { key: 'duration_sec', label: 'Duration', unit: ' s', digits: 2 },
];

export function MetricsList({ metrics }: { metrics: Partial<JobMetrics> }) {
  return (
    <dl className="metrics">
      {rows.map(({ key, label, unit, digits }) => (
        <div key={key} className="metrics__item">
          <dt className="metrics__label">{label}</dt>
          <dd className="metrics__value">{formatMetric(metrics[key], unit, digits)}</dd>
        </div>
      ))}
    </dl>
  );
}

function formatMetric(value: number | null | undefined, unit: string, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })}${unit}`;
}
