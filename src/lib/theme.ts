const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAME = /^[a-z][a-zA-Z]*$/;

/**
 * The organization's theme as CSS custom properties (`primary` → `--color-primary`). Only plain
 * hex colours pass: the values come from operators and end up inside a <style> element.
 */
export function themeCss(theme: Record<string, string>): string {
  const declarations = Object.entries(theme)
    .filter(([name, value]) => NAME.test(name) && COLOUR.test(value))
    .map(([name, value]) => `--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`);
  return declarations.length ? `:root{${declarations.join(';')}}` : '';
}
