import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The fade in and out, in milliseconds; the dialog stays mounted this long after it closes. */
export const DIALOG_TRANSITION_MS = 300;

export interface DialogProps {
  open: boolean;
  /** Called on Escape and on the close button; the owner sets `open` to false. */
  onClose(): void;
  title: string;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  children: ReactNode;
  /** Extra classes for the panel. */
  className?: string | undefined;
  /**
   * The whole screen in the club's dark colour (a big moment, src/features/moments), above the toasts (z-100), so
   * none covers its button; else a panel.
   */
  fullScreen?: boolean | undefined;
  /** Classes for the title (the panel's own when left out). */
  titleClassName?: string | undefined;
  /** Shown above the title (a big moment's picture). */
  before?: ReactNode;
}

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', 'summary', 'iframe', '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A modal dialog over a dark backdrop: focus moves in and stays in until it closes, then returns to
 * where it was. Rendered into <body> only in the browser, so server HTML never contains it.
 */
export function Dialog({ open, onClose, title, closeLabel, children, className, fullScreen = false, titleClassName, before }: DialogProps) {
  const [present, setPresent] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) {
      setPresent(true);
      return;
    }
    // Unmounted only once the fade-out has played.
    const timer = setTimeout(() => setPresent(false), DIALOG_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    const root = panel.current;
    if (!open || !present || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (focusablesIn(root)[0] ?? root).focus();
    // Focus that lands outside (a click elsewhere, F8 for the toasts) is pulled back in.
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) (focusablesIn(root)[0] ?? root).focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.documentElement.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, present]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(event.currentTarget);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!present) return null;
  return createPortal(
    <div
      className={`fixed inset-0 flex items-center justify-center ${fullScreen ? 'z-[110]' : 'z-50 p-4'} transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none ${
        open ? 'opacity-100' : 'pointer-events-none opacity-0'
      }`}
    >
      {/* Pressing the backdrop must not move focus out of the dialog. */}
      <div data-testid="dialog-backdrop" aria-hidden="true" className="absolute inset-0 bg-black/70" onMouseDown={(event) => event.preventDefault()} />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog keeps Tab inside and closes on Escape */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative outline-none ${fullScreen
          ? 'h-full w-full overflow-y-auto bg-secondary px-6 pt-16 pb-8 text-on-secondary'
          : 'w-[21rem] max-w-84 rounded-xl bg-surface p-6 text-text shadow-xl'} ${className ?? ''}`}
      >
        {before}
        <h2 id={titleId} className={titleClassName ?? 'pr-8 text-lg font-bold'}>{title}</h2>
        <div className="mt-3">{children}</div>
        {/* Last in the DOM so focus starts on the content, yet drawn in the top corner. */}
        <button
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          className={fullScreen
            ? 'absolute top-3 right-3 rounded-md p-3 text-on-secondary hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent'
            : 'absolute top-3 right-3 rounded-md p-2 text-muted hover:bg-black/5 hover:text-text focus-visible:outline-2 focus-visible:outline-primary'}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>
    </div>,
    document.body,
  );
}
