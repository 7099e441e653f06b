import { AnimatedNumber } from './AnimatedNumber.tsx';
import { formatNumber } from './format-number.ts';
import { pointsLabel, pointsText, type PointTerms } from './points-label.ts';

/** Spec: an animated pill waits this long before it counts up from 0. */
export const POINTS_ANIMATION_DELAY_MS = 600;

export type PointsPillVariant = 'accent' | 'primary' | 'secondary' | 'surface';
export type PointsPillSize = 'xs' | 'sm' | 'md' | 'lg';

export interface PointsPillProps {
  points: number;
  terms: PointTerms;
  variant?: PointsPillVariant;
  size?: PointsPillSize;
  /** Once hydrated, count up from 0 after POINTS_ANIMATION_DELAY_MS (never under reduced motion); the server renders the real number. Needs a client directive (e.g. client:visible). */
  animatePoints?: boolean;
  /** Under-18 users never see points. */
  underage?: boolean;
  locale?: string;
  className?: string;
}

const VARIANTS: Record<PointsPillVariant, string> = {
  accent: 'bg-accent text-on-accent',
  primary: 'bg-primary text-on-primary',
  secondary: 'bg-secondary text-on-secondary',
  surface: 'bg-surface text-text ring-1 ring-black/10',
};

const SIZES: Record<PointsPillSize, string> = {
  xs: 'px-2 py-0.5 text-xs',
  sm: 'px-2.5 py-0.5 text-sm',
  md: 'px-3 py-1 text-base',
  lg: 'px-4 py-1.5 text-xl',
};

/** A rounded badge with a points count in the organization's terms ("120 points", "1 coin", "50 XP"). */
export function PointsPill({
  points, terms, variant = 'accent', size = 'sm', animatePoints = false, underage = false, locale = 'en', className,
}: PointsPillProps) {
  if (underage) return null;
  return (
    <span className={`inline-flex items-center rounded-full font-bold whitespace-nowrap tabular-nums ${VARIANTS[variant]} ${SIZES[size]}${className ? ` ${className}` : ''}`}>
      {/* Screen readers hear the final amount once, not every step of the count. */}
      <span aria-hidden="true">
        {animatePoints
          ? <AnimatedNumber value={points} from={0} delayMs={POINTS_ANIMATION_DELAY_MS} locale={locale} />
          : formatNumber(points, locale)}
        {' '}{pointsLabel(points, terms)}
      </span>
      <span className="sr-only">{pointsText(points, terms, locale)}</span>
    </span>
  );
}
