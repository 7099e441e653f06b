import { z } from 'zod';

// The pieces the stored values' schemas are made of (settings, content rows), said once.

// Control characters other than tab and line breaks (NUL included: PostgreSQL text cannot hold it).
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A path on this site (the CSP allows images from 'self' only): no scheme, no `//host`, no `..`, no backslash.
const SITE_PATH = /^\/(?!\/)(?:[A-Za-z0-9._~%-]+\/?)*$/;

/** Text a person wrote: trimmed, not empty, bounded, no control characters. */
export const plainText = (max: number) => z.string().trim().min(1).max(max).refine((t) => !CONTROL.test(t), 'control characters');
/** A path on this site, such as `/images/badges/club-shop.svg`. */
export const SitePathSchema = z.string().trim().regex(SITE_PATH).refine((p) => !p.split('/').includes('..'), 'a path with ..');
/** An instant the database holds as ISO 8601 text. */
export const StoredInstant = z.string().refine((t) => /^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t)), 'not an ISO instant');
/** A whole number of at least 0 (points, places, seconds); PostgreSQL may hand a count back as text. */
export const Count = z.coerce.number().int().min(0).max(1_000_000_000);
/** An address a supporter can be sent to: https (or http), no credentials. */
export const WebAddress = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}, 'not a web address');
/** A lower-case slug, as addresses carry it. */
export const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/);
/** 0 or 1 (a flag column). */
export const Flag = z.coerce.number().int().min(0).max(1);
