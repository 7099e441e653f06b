import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { safeHref } from '~/lib/navigation/safe-url.ts';
import { dismissToast, type Toast } from '~/lib/toast/store.ts';
import { useSwipeToDismiss } from './useSwipeToDismiss.ts';

export interface ToastItemProps {
  toast: Toast;
  closeLabel: string;
  /** True while focus is anywhere in the notification area. */
  viewportFocused: boolean;
  /** Closes the toast; `keyboard` says whether the user closed it from the keyboard. */
  onDismiss(id: string, keyboard: boolean): void;
}

const VARIANT_CLASSES = {
  // red-700 with white text: contrast about 6.4:1 (AA asks 4.5:1).
  default: 'border-black/10 bg-surface text-text',
  destructive: 'border-red-800 bg-red-700 text-white',
} as const;
const DESCRIPTION_CLASSES = { default: 'text-muted', destructive: 'text-white' } as const;
const ACTION_CLASSES = { default: 'border-black/20 hover:bg-black/5', destructive: 'border-white/70 hover:bg-white/10' } as const;

/** Clicks that press a control; anywhere else a press starts a swipe and must not move focus. */
function isControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('a, button') !== null;
}

/** One toast: closes itself after its duration (paused on hover, focus or drag) and on a swipe right. */
export function ToastItem({ toast, closeLabel, viewportFocused, onDismiss }: ToastItemProps) {
  const [hovered, setHovered] = useState(false);
  const { offset, swiping, handlers } = useSwipeToDismiss(() => onDismiss(toast.id, false));
  const paused = hovered || viewportFocused || swiping;
  const remaining = useRef(toast.duration);

  useEffect(() => {
    if (!toast.open || paused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast.id, toast.open, paused]);

  // detail 0: the button was pressed with Enter or Space rather than clicked.
  const close = (event: MouseEvent) => onDismiss(toast.id, event.detail === 0);
  const href = toast.action?.href === undefined ? undefined : safeHref(toast.action.href, { external: true });
  const destructive = toast.variant === 'destructive';
  const actionClass = `mt-2 inline-block rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-current ${ACTION_CLASSES[toast.variant]}`;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- hovering or swiping a toast pauses or dismisses it; its close button is the keyboard way
    <li
      data-state={toast.open ? 'open' : 'closed'}
      className={[
        'pointer-events-auto relative w-full touch-pan-y rounded-lg border p-4 pr-12 shadow-lg select-none',
        'transition-[opacity,translate,visibility] duration-150 ease-out motion-reduce:transition-none',
        'starting:translate-y-2 starting:opacity-0',
        VARIANT_CLASSES[toast.variant],
        toast.open ? '' : 'invisible translate-x-full opacity-0',
        swiping ? 'transition-none' : '',
      ].join(' ')}
      style={offset > 0 ? { translate: `${offset}px 0` } : undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onMouseDown={(event) => {
        if (!isControl(event.target)) event.preventDefault();
      }}
      {...handlers}
    >
      {/* The role sits inside the <li>, which may not take another (axe: aria-allowed-role, list), and
          leaves out the close button, so the announcement is the message alone. */}
      <div role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={`mt-1 text-sm ${DESCRIPTION_CLASSES[toast.variant]}`}>{toast.description}</p>}
        {toast.action &&
          (href === undefined ? (
            <button type="button" className={actionClass} onClick={close}>{toast.action.label}</button>
          ) : (
            <a href={href} className={actionClass} onClick={close}>{toast.action.label}</a>
          ))}
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={close}
        className="absolute top-2 right-2 rounded-md p-2 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </li>
  );
}
