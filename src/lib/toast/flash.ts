import { safeHref } from '~/lib/navigation/safe-url.ts';
import type { ToastInput, ToastVariant } from './store.ts';

/** Short-lived cookie through which a server page raises a toast on the next page. */
export const FLASH_COOKIE = 'terrace_flash';
export const FLASH_TITLE_MAX = 200;
export const FLASH_DESCRIPTION_MAX = 500;
export const FLASH_ACTION_LABEL_MAX = 60;

/** What a flash cookie may carry: a toast without a duration. */
export type FlashToast = Pick<ToastInput, 'title' | 'description' | 'action' | 'variant'>;

const VARIANTS: readonly ToastVariant[] = ['default', 'destructive'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= max;
}

/**
 * The value as a flash toast, or undefined when any field is missing, too long or of the wrong kind.
 * An action link must stay on this site, since the cookie crosses a redirect.
 */
export function toFlashToast(value: unknown): FlashToast | undefined {
  if (!isRecord(value) || !isText(value['title'], FLASH_TITLE_MAX)) return undefined;
  const flash: FlashToast = { title: value['title'] };
  const { description, variant, action } = value;
  if (description !== undefined) {
    if (!isText(description, FLASH_DESCRIPTION_MAX)) return undefined;
    flash.description = description;
  }
  if (variant !== undefined) {
    if (!VARIANTS.includes(variant as ToastVariant)) return undefined;
    flash.variant = variant as ToastVariant;
  }
  if (action !== undefined) {
    if (!isRecord(action) || !isText(action['label'], FLASH_ACTION_LABEL_MAX)) return undefined;
    const href = action['href'];
    if (href === undefined) {
      flash.action = { label: action['label'] };
    } else {
      const safe = typeof href === 'string' ? safeHref(href) : undefined;
      if (safe === undefined) return undefined;
      flash.action = { label: action['label'], href: safe };
    }
  }
  return flash;
}

/** The cookie value for a flash toast; throws on input that would not parse back. */
export function serialiseFlashToast(input: FlashToast): string {
  const flash = toFlashToast(input);
  if (!flash) throw new RangeError('Invalid flash toast: check title, description, variant and action.');
  return JSON.stringify(flash);
}

/** The flash toast in a cookie value, or undefined when the value is missing or malformed. */
export function parseFlashToast(raw: string | undefined): FlashToast | undefined {
  if (!raw) return undefined;
  try {
    return toFlashToast(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
