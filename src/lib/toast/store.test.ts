import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, dismissToast, removeToast, toast } from './store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const t of $toasts.get()) removeToast(t.id);
  vi.useRealTimers();
});

describe('the toast store', () => {
  it('keeps the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
    expect(TOAST_DURATION).toBe(5000);
  });

  it('opens a toast with the default variant and duration and answers its id', () => {
    const id = toast({ title: 'Saved', description: 'You earned 10 points.' });
    expect($toasts.get()).toEqual([
      { id, title: 'Saved', description: 'You earned 10 points.', open: true, variant: 'default', duration: 5000 },
    ]);
  });

  it('keeps what the caller gives', () => {
    const id = toast({ title: 'Oops', variant: 'destructive', duration: 8000, action: { label: 'Retry', href: '/x' } });
    expect($toasts.get()[0]).toMatchObject({ id, variant: 'destructive', duration: 8000, action: { label: 'Retry', href: '/x' } });
  });

  it('replaces the older toast with a new one (limit 1)', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second' });
    expect(second).not.toBe(first);
    expect($toasts.get().map((t) => t.title)).toEqual(['Second']);
  });

  it('replaces a dismissed toast too, and forgets its removal', () => {
    const first = toast({ title: 'First' });
    dismissToast(first);
    const second = toast({ title: 'Second' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect($toasts.get().map((t) => t.id)).toEqual([second]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a dismissed toast, closed, for 1,000,000 ms, then removes it', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    expect($toasts.get()).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('schedules one removal however often a toast is dismissed', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    vi.advanceTimersByTime(500_000);
    dismissToast(id);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(500_000);
    expect($toasts.get()).toEqual([]);
  });

  it('ignores unknown ids', () => {
    const id = toast({ title: 'Stay' });
    dismissToast('nope');
    removeToast('nope');
    expect($toasts.get()).toMatchObject([{ id, open: true }]);
  });

  it('removes at once, cancelling a scheduled removal', () => {
    const id = toast({ title: 'Gone' });
    dismissToast(id);
    removeToast(id);
    expect($toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
