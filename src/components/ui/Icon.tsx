// One module per icon (lucide-react/icons/*): the bundle holds only these, as inline SVG, nothing fetched.
import Bell from 'lucide-react/icons/bell';
import Calendar from 'lucide-react/icons/calendar';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Gift from 'lucide-react/icons/gift';
import Globe from 'lucide-react/icons/globe';
import House from 'lucide-react/icons/house';
import Info from 'lucide-react/icons/info';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import Mail from 'lucide-react/icons/mail';
import Play from 'lucide-react/icons/play';
import Star from 'lucide-react/icons/star';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Trophy from 'lucide-react/icons/trophy';
import User from 'lucide-react/icons/user';
import X from 'lucide-react/icons/x';

const ICONS = {
  home: House,
  trophy: Trophy,
  play: Play,
  gift: Gift,
  user: User,
  x: X,
  check: Check,
  'chevron-right': ChevronRight,
  star: Star,
  calendar: Calendar,
  bell: Bell,
  'alert-triangle': TriangleAlert,
  globe: Globe,
  info: Info,
  'log-in': LogIn,
  lock: Lock,
  mail: Mail,
};

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

/** An inline SVG icon; it takes the text colour (currentColor). */
export function Icon({ name, label, size = 24, strokeWidth = 2, className }: IconProps) {
  const Svg = ICONS[name];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <Svg {...a11y} size={size} strokeWidth={strokeWidth} className={className ?? ''} />;
}
