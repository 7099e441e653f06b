import type { ComponentProps } from 'react';

export const BUTTON_VARIANTS = [
  'primary', 'secondary', 'secondaryLight', 'tertiary', 'tertiaryInverse',
  'transparent', 'transparentInverse', 'accent', 'none', 'custom',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonRounded = 'none' | 'sm' | 'md' | 'lg' | 'full';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonClassOptions {
  variant?: ButtonVariant | undefined;
  rounded?: ButtonRounded | undefined;
  size?: ButtonSize | undefined;
  /** Dims the look; a <button> also needs the `disabled` attribute (Button sets both). */
  disabled?: boolean | undefined;
  className?: string | undefined;
}

const LAYOUT = 'inline-flex items-center justify-center gap-2 text-center no-underline';
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
// Inverse variants sit on a primary-coloured band, so they take its "on" colour and ring.
const FOCUS_INVERSE = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-on-primary';
const DISABLED = 'opacity-25 cursor-not-allowed';

// Every pair keeps AA contrast with the default palette (src/styles/global.css): the filled ones use the
// theme's "on" colour, the light and outlined ones dark primary/secondary text on a near-white ground.
const LOOKS: Record<Exclude<ButtonVariant, 'none' | 'custom'>, { look: string; hover: string }> = {
  primary: { look: `bg-primary text-on-primary ${FOCUS}`, hover: 'hover:brightness-95 active:brightness-90' },
  secondary: { look: `bg-secondary text-on-secondary ${FOCUS}`, hover: 'hover:brightness-110 active:brightness-125' },
  secondaryLight: { look: `bg-secondary/10 text-secondary ${FOCUS}`, hover: 'hover:bg-secondary/15 active:bg-secondary/20' },
  tertiary: { look: `border-2 border-primary bg-surface text-primary ${FOCUS}`, hover: 'hover:bg-primary/5 active:bg-primary/10' },
  tertiaryInverse: { look: `border-2 border-on-primary bg-transparent text-on-primary ${FOCUS_INVERSE}`, hover: 'hover:bg-on-primary/10 active:bg-on-primary/15' },
  transparent: { look: `bg-transparent text-primary ${FOCUS}`, hover: 'hover:bg-primary/5 active:bg-primary/10' },
  transparentInverse: { look: `bg-transparent text-on-primary ${FOCUS_INVERSE}`, hover: 'hover:bg-on-primary/10 active:bg-on-primary/15' },
  accent: { look: `bg-accent text-on-accent ${FOCUS}`, hover: 'hover:brightness-95 active:brightness-90' },
};

const ROUNDED: Record<ButtonRounded, string> = {
  none: 'rounded-none', sm: 'rounded-sm', md: 'rounded-md', lg: 'rounded-lg', full: 'rounded-full',
};

// 44 px tall at md: a thumb-sized target on a phone.
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm font-semibold',
  md: 'min-h-11 px-5 text-base font-semibold',
  lg: 'min-h-12 px-6 text-lg font-bold',
};

/** The classes of a button, so an <a> in an Astro page can look like one. */
export function buttonClasses({
  variant = 'primary', rounded = 'md', size = 'md', disabled = false, className,
}: ButtonClassOptions = {}): string {
  const parts: string[] = [];
  if (variant === 'custom') {
    parts.push(LAYOUT, ROUNDED[rounded], FOCUS);
  } else if (variant !== 'none') {
    const { look, hover } = LOOKS[variant];
    parts.push(LAYOUT, SIZES[size], ROUNDED[rounded], 'transition-[filter,background-color] duration-150', look);
    if (!disabled) parts.push(hover);
  }
  if (disabled) parts.push(DISABLED);
  if (className) parts.push(className);
  return parts.join(' ');
}

export interface ButtonProps extends Omit<ComponentProps<'button'>, 'type'> {
  variant?: ButtonVariant;
  rounded?: ButtonRounded;
  size?: ButtonSize;
  /** Defaults to "button" so a button inside a form never submits it by accident. */
  type?: 'button' | 'submit' | 'reset';
}

/** A button in one of the house variants. Renders plain HTML: fine in an Astro page without hydration. */
export function Button({
  variant = 'primary', rounded = 'md', size = 'md', type = 'button', disabled = false, className, children, ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      className={buttonClasses({ variant, rounded, size, disabled, className })}
    >
      {children}
    </button>
  );
}
