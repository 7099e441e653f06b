// Lucide's icons, one module per icon (lucide-react/icons/*): the bundle holds only these, as inline SVG,
// nothing fetched. Only their drawings are used, through the small renderer below: lucide-react's own
// component (its context, props and attribute building, about 1 KiB gzip) ships with every island otherwise.
import { createElement, type SVGProps } from 'react';
import * as Bell from 'lucide-react/icons/bell';
import * as Calendar from 'lucide-react/icons/calendar';
import * as Check from 'lucide-react/icons/check';
import * as ChevronRight from 'lucide-react/icons/chevron-right';
import * as Gift from 'lucide-react/icons/gift';
import * as Globe from 'lucide-react/icons/globe';
import * as House from 'lucide-react/icons/house';
import * as Info from 'lucide-react/icons/info';
import * as Lock from 'lucide-react/icons/lock';
import * as LogIn from 'lucide-react/icons/log-in';
import * as Mail from 'lucide-react/icons/mail';
import * as Play from 'lucide-react/icons/play';
import * as Star from 'lucide-react/icons/star';
import * as TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import * as Trophy from 'lucide-react/icons/trophy';
import * as User from 'lucide-react/icons/user';
import * as X from 'lucide-react/icons/x';

/** What each icon module holds besides its component: its name and its SVG elements. */
interface IconData {
  name: string;
  node: ReadonlyArray<readonly [string, Record<string, string>]>;
}
/** The icon modules' type names their component only; `__iconData` is there too (a member access, so the component is left out of the bundle). */
type Drawn = { __iconData: IconData };

/** The icons an island draws in the browser (src/components/ui/icon-names.test.ts keeps this list honest). */
const ISLAND_ICONS = {
  x: (X as unknown as Drawn).__iconData,
  check: (Check as unknown as Drawn).__iconData,
  'chevron-right': (ChevronRight as unknown as Drawn).__iconData,
  trophy: (Trophy as unknown as Drawn).__iconData,
  'alert-triangle': (TriangleAlert as unknown as Drawn).__iconData,
};
/** The icons only server-rendered parts draw (the tab bar, Astro pages, lists): left out of the browser's bundle. */
const SERVER_ICONS = {
  home: (House as unknown as Drawn).__iconData,
  play: (Play as unknown as Drawn).__iconData,
  gift: (Gift as unknown as Drawn).__iconData,
  user: (User as unknown as Drawn).__iconData,
  star: (Star as unknown as Drawn).__iconData,
  calendar: (Calendar as unknown as Drawn).__iconData,
  bell: (Bell as unknown as Drawn).__iconData,
  globe: (Globe as unknown as Drawn).__iconData,
  info: (Info as unknown as Drawn).__iconData,
  'log-in': (LogIn as unknown as Drawn).__iconData,
  lock: (Lock as unknown as Drawn).__iconData,
  mail: (Mail as unknown as Drawn).__iconData,
};
const ICONS: Partial<Record<keyof typeof ISLAND_ICONS | keyof typeof SERVER_ICONS, IconData>> =
  import.meta.env.SSR ? { ...ISLAND_ICONS, ...SERVER_ICONS } : ISLAND_ICONS;
export const ISLAND_ICON_NAMES = Object.keys(ISLAND_ICONS) as Array<keyof typeof ISLAND_ICONS>;

export type IconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

export interface IconProps {
  name: IconName;
  /** Says what the icon means when nothing else does; without it the icon is decorative and hidden. */
  label?: string;
  /** Width and height in px, or any CSS length ("1em" follows the text). */
  size?: number | string;
  strokeWidth?: number;
  className?: string;
}

/** An inline SVG icon; it takes the text colour (currentColor). The markup is lucide-react's. */
export function Icon({ name, label, size = 24, strokeWidth = 2, className }: IconProps) {
  const icon = ICONS[name];
  if (!icon) return null;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  const svg: SVGProps<SVGSVGElement> = {
    xmlns: 'http://www.w3.org/2000/svg', width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor',
    strokeWidth, strokeLinecap: 'round', strokeLinejoin: 'round', className: `lucide lucide-${icon.name}${className ? ` ${className}` : ''}`, ...a11y,
  };
  return createElement('svg', svg, ...icon.node.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes })));
}
