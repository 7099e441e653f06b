import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon, type IconProps } from './Icon.tsx';

// Server only. An icon in an Astro template would otherwise be a React render of its own on every
// request (the tab bar alone has five); the same props always give the same SVG, so it is rendered
// once and kept. The props come from code, not from users, so the cache stays small; the cap is a guard.
const cache = new Map<string, string>();
const MAX_CACHED = 500;

/** The icon's SVG markup (attributes escaped by React), rendered once per distinct props. */
export function iconMarkup({ name, label, size, strokeWidth, className }: IconProps): string {
  const key = JSON.stringify([name, label, size, strokeWidth, className]);
  let html = cache.get(key);
  if (html === undefined) {
    const props: IconProps = { name };
    if (label !== undefined) props.label = label;
    if (size !== undefined) props.size = size;
    if (strokeWidth !== undefined) props.strokeWidth = strokeWidth;
    if (className !== undefined) props.className = className;
    html = renderToStaticMarkup(createElement(Icon, props));
    if (cache.size < MAX_CACHED) cache.set(key, html);
  }
  return html;
}
