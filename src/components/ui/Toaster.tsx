import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toasts, dismissToast, toast, type ToastInput } from '~/lib/toast/store.ts';
import type { ToastItem as ToastItemComponent } from './ToastItem.tsx';

// A toast's own code (its swipe, timer and buttons) is fetched with the first toast, not with every page. Held
// in state rather than React.lazy: a Suspense boundary holds revealed content back on a timer (300 ms), which
// a paused clock never lets pass.
let loading: Promise<typeof ToastItemComponent> | undefined;
const loadToastItem = () => (loading ??= import('./ToastItem.tsx').then((module) => module.ToastItem));

export interface ToasterLabels {
  /** Names the notification area; " (F8)" is added to tell keyboard users how to reach it. */
  region: string;
  /** The close button of each toast. */
  close: string;
}

export interface ToasterProps {
  /** A toast to show once on mount, e.g. the flash toast a server page left for this one. */
  initial?: ToastInput | undefined;
  labels?: ToasterLabels | undefined;
}

export const DEFAULT_TOASTER_LABELS: ToasterLabels = { region: 'Notifications', close: 'Close' };

/**
 * The notification area: shows what any island raised with `toast()`. Render one per page.
 * F8 focuses it; Escape inside it closes the toast.
 */
export function Toaster({ initial, labels = DEFAULT_TOASTER_LABELS }: ToasterProps) {
  const toasts = useStore($toasts);
  const [ToastItem, setToastItem] = useState<typeof ToastItemComponent | null>(null);
  useEffect(() => {
    // A failed fetch (no signal, and not kept by the service worker) is tried again with the next toast.
    if (toasts.length > 0 && !ToastItem) loadToastItem().then((item) => setToastItem(() => item), () => { loading = undefined; });
  }, [toasts.length, ToastItem]);
  const viewport = useRef<HTMLOListElement>(null);
  const [focused, setFocused] = useState(false);
  const shownInitial = useRef(false);

  useEffect(() => {
    if (initial && !shownInitial.current) toast(initial);
    shownInitial.current = true;
  }, [initial]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8' && event.code !== 'F8') return;
      event.preventDefault();
      viewport.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A closing toast hides its buttons: keyboard users keep their place in the notification area,
  // while a mouse click lets focus go, so the next toast is not held open by a stale focus.
  function dismiss(id: string, keyboard: boolean): void {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== viewport.current && viewport.current?.contains(active)) {
      if (keyboard) viewport.current.focus();
      else active.blur();
    }
    dismissToast(id);
  }

  return (
    <section aria-label={`${labels.region} (F8)`}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the toast region (F8) pauses while focused and closes its toast on Escape */}
      <ol
        ref={viewport}
        tabIndex={-1}
        className={[
          'pointer-events-none fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-[100] flex w-full',
          'flex-col gap-2 rounded-lg p-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-4',
          'focus-visible:outline-primary md:right-0 md:left-auto md:max-w-[420px]',
        ].join(' ')}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          const open = toasts.filter((t) => t.open);
          if (open.length === 0) return;
          event.stopPropagation();
          for (const t of open) dismiss(t.id, true);
        }}
      >
        {ToastItem && toasts.map((t) => (
          <ToastItem key={t.id} toast={t} closeLabel={labels.close} viewportFocused={focused} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}
