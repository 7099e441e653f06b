import type { Page } from '@playwright/test';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Call after `page.clock.install()` and before `goto`. An island's `ssr` attribute goes before React
 * runs its effects, so "hydrated" does not yet mean "the hourly timer is set"; a test that moves the
 * fake clock before then would start the hour late. This marks the moment a 60-minute interval is set.
 */
export async function watchHourlyTimer(page: Page): Promise<void> {
  await page.addInitScript((hour) => {
    const setInterval = window.setInterval.bind(window);
    const watched = (handler: TimerHandler, timeout?: number, ...rest: unknown[]): number => {
      if (timeout === hour) (window as unknown as { hourlyTimerSet?: boolean }).hourlyTimerSet = true;
      return setInterval(handler, timeout, ...rest);
    };
    window.setInterval = watched as unknown as typeof window.setInterval;
  }, HOUR_MS);
}

/** Waits until the page has set its 60-minute timer (see watchHourlyTimer). */
export async function hourlyTimerSet(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { hourlyTimerSet?: boolean }).hourlyTimerSet === true);
}
