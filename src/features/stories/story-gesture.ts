// What a press on the story's picture meant, decided when the finger (or button) comes up.

/** How long each chapter shows before the next one (ms). */
export const CHAPTER_MS = 5000;
/** A press at least this long is a hold: it paused the story, and letting go resumes it, nothing more. */
export const HOLD_MS = 250;
/** A drag down at least this far (px, more down than sideways) closes the story. */
export const SWIPE_CLOSE_PX = 80;
/** A press that moved further than this (px) was a drag, not a tap. */
const TAP_SLOP_PX = 24;

export interface PointerMark {
  x: number;
  y: number;
  /** A timestamp in ms (event.timeStamp). */
  at: number;
}

export type StoryGesture = 'next' | 'previous' | 'close' | 'hold';

/** A tap on the right half goes on, on the left half back; a hold only paused; a swipe down closes. */
export function gestureOf(start: PointerMark, end: PointerMark, width: number): StoryGesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (dy >= SWIPE_CLOSE_PX && Math.abs(dx) < dy) return 'close';
  if (end.at - start.at >= HOLD_MS || Math.hypot(dx, dy) > TAP_SLOP_PX) return 'hold';
  return start.x < width / 2 ? 'previous' : 'next';
}
