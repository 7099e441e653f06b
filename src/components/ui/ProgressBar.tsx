export interface ProgressBarProps {
  /** 0 to 100, as the server computed it (`rankProgress.percent`). */
  percent: number;
  /** What the bar measures, for screen readers ("Progress to P8"). */
  label: string;
  className?: string;
}

/**
 * The brand progress bar: one look for rank progress on the dashboard, the profile and anywhere else.
 * Plain markup (no state), so an Astro page renders it with no JavaScript and an island reuses it.
 */
export function ProgressBar({ percent, label, className = '' }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={`h-2.5 overflow-hidden rounded-full bg-primary/15 ${className}`}
      role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
    </div>
  );
}
