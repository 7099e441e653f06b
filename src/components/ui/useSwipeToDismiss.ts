import { useRef, useState, type PointerEvent } from 'react';

/** How far right a toast must be dragged before it closes; less snaps it back. */
export const SWIPE_THRESHOLD_PX = 50;
// Movement below this is a click (on the close button or the action), not a swipe.
const SWIPE_START_PX = 5;

interface Drag {
  pointerId: number;
  startX: number;
  swiping: boolean;
}

/** Pointer handlers for a rightward swipe, and the current offset to draw the element at. */
export function useSwipeToDismiss(onSwiped: () => void) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);

  function end(event: PointerEvent<HTMLElement>, cancelled: boolean): void {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    setSwiping(false);
    setOffset(0);
    if (!cancelled && current.swiping && event.clientX - current.startX >= SWIPE_THRESHOLD_PX) onSwiped();
  }

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, startX: event.clientX, swiping: false };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - current.startX);
      if (!current.swiping && dx > SWIPE_START_PX) {
        // Captured only once it is a swipe, so a plain click still reaches the button under it.
        current.swiping = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        setSwiping(true);
      }
      if (current.swiping) setOffset(dx);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
  };
  return { offset, swiping, handlers };
}
