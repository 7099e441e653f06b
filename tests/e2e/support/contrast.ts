import type { Locator } from '@playwright/test';

/**
 * The WCAG contrast ratio of an element's text against what is painted behind it, as the browser
 * paints it: every background from the root down (alpha and colour-mix included, read back through a
 * 1 px canvas, so any CSS colour syntax works) and the opacity of the element and its ancestors.
 */
export function contrastRatio(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const paint = (color: string): Uint8ClampedArray => {
      ctx.fillStyle = '#010203';
      ctx.fillStyle = color;
      if (ctx.fillStyle === '#010203' && color !== 'rgb(1, 2, 3)') throw new Error(`The canvas cannot read the colour ${color}`);
      ctx.fillRect(0, 0, 1, 1);
      return ctx.getImageData(0, 0, 1, 1).data;
    };
    const chain: Element[] = [];
    for (let node: Element | null = target.parentElement; node; node = node.parentElement) chain.unshift(node);
    let opacity = Number(getComputedStyle(target).opacity);
    paint('#ffffff');
    for (const node of chain) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      paint(style.backgroundColor);
    }
    const behind = Array.from(ctx.getImageData(0, 0, 1, 1).data);
    const own = getComputedStyle(target);
    const background = Array.from(paint(own.backgroundColor));
    const text = Array.from(paint(own.color));
    // An element with opacity is painted whole, then laid over what is behind it.
    const seen = (channels: number[]) => channels.slice(0, 3).map((c, i) => opacity * c + (1 - opacity) * behind[i]!);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(seen(text)), luminance(seen(background))].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}
