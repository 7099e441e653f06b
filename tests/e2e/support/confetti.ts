import type { Page } from '@playwright/test';

/**
 * How many pixels of the confetti canvas (the library's own, added to <body> while a burst falls) are
 * painted: 0 while none is there or nothing is drawn on it, and also when it cannot be read (a canvas
 * handed to a Worker, which the CSP then refused to start).
 */
export function paintedConfettiPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('body > canvas');
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    try {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
      return painted;
    } catch {
      return 0;
    }
  });
}
