import { useEffect, useRef, useState } from 'react';
import { formatNumber } from './format-number.ts';

/** Spec timings: the count (and the number's rise) takes the transform time; its fade-in the opacity time. */
export const ANIMATED_NUMBER_TRANSFORM_MS = 900;
export const ANIMATED_NUMBER_OPACITY_MS = 450;

// Tailwind needs literal class names, so the timings are repeated here (a unit test keeps them in step).
// `motion-safe:` keeps the waiting look and the transition away from reduced-motion users.
const MOVING = 'motion-safe:[transition:transform_900ms_cubic-bezier(0.33,1,0.68,1),opacity_450ms_ease-out]';
const WAITING = 'motion-safe:opacity-60 motion-safe:[transform:translateY(0.2em)]';

export interface AnimatedNumberProps {
  /** The number to show; a change later counts from the number on screen to the new one. */
  value: number;
  /** Where the first count starts; defaults to `value` (no count on first render). */
  from?: number;
  /** Wait before each count starts. */
  delayMs?: number;
  /** Locale for thousands separators. */
  locale?: string;
  className?: string;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A number that counts to its value. Rendered on the server, and until it hydrates (or without
 * JavaScript), it shows the real value. On hydration it starts again from `from` and counts up after
 * `delayMs`; a later change counts from the number on screen. With reduced motion it never counts: the
 * real value stays, without a transition.
 */
export function AnimatedNumber({ value, from = value, delayMs = 0, locale = 'en', className }: AnimatedNumberProps) {
  const [shown, setShown] = useState(value);
  const [waiting, setWaiting] = useState(false);
  const shownRef = useRef(value);
  const hydrated = useRef(false);
  const show = (n: number) => {
    shownRef.current = n;
    setShown(n);
  };

  useEffect(() => {
    const start = hydrated.current ? shownRef.current : from;
    hydrated.current = true;
    if (start === value || prefersReducedMotion()) {
      show(value);
      return;
    }
    show(start);
    setWaiting(true);
    let frame = 0;
    let began: number | undefined;
    const step = (now: number) => {
      began ??= now;
      const progress = Math.min(1, (now - began) / ANIMATED_NUMBER_TRANSFORM_MS);
      show(progress === 1 ? value : Math.round(start + (value - start) * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    const timer = setTimeout(() => {
      setWaiting(false);
      frame = requestAnimationFrame(step);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- counts when the value changes, from whatever is shown then
  }, [value, delayMs]);

  const final = formatNumber(value, locale);
  // The final number, invisible in the same grid cell, holds the width: no layout shift while counting.
  return (
    <span
      data-final={final}
      className={`inline-grid tabular-nums after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-final)] ${className ?? ''}`}
    >
      <span className={`col-start-1 row-start-1 text-end ${MOVING}${waiting ? ` ${WAITING}` : ''}`}>
        {formatNumber(shown, locale)}
      </span>
    </span>
  );
}
