import { formatNumber } from './format-number.ts';

/** How an organization names its points ("point"/"points", "coin"/"coins"…), or XP for animated points. */
export interface PointTerms {
  pointTerm: string;
  pointsTerm: string;
  asXp: boolean;
}

export const DEFAULT_POINT_TERMS: PointTerms = { pointTerm: 'point', pointsTerm: 'points', asXp: false };

/**
 * The organization's point terms, from its settings: built once per request into `Astro.locals.terms`.
 * A club that kept the product's words ("point"/"points") gets them in the page's language
 * (`translated`, from the message files); a club's own words ("coin", "estrella") are its content and stay.
 */
export function pointTermsOf(
  settings: { pointTerm: string; pointsTerm: string; animatedPointsAsXp?: string },
  translated: { pointTerm: string; pointsTerm: string } = DEFAULT_POINT_TERMS,
): PointTerms {
  const own = (value: string, fallback: string) => value.trim() || fallback;
  const kept = settings.pointTerm.trim() === DEFAULT_POINT_TERMS.pointTerm && settings.pointsTerm.trim() === DEFAULT_POINT_TERMS.pointsTerm;
  return {
    pointTerm: kept ? translated.pointTerm : own(settings.pointTerm, translated.pointTerm),
    pointsTerm: kept ? translated.pointsTerm : own(settings.pointsTerm, translated.pointsTerm),
    asXp: settings.animatedPointsAsXp === 'true',
  };
}

/** The word after a count: singular for exactly 1, plural otherwise, or XP. Blank terms fall back to English. */
export function pointsLabel(count: number, terms: PointTerms): string {
  if (terms.asXp) return 'XP';
  if (count === 1) return terms.pointTerm.trim() || DEFAULT_POINT_TERMS.pointTerm;
  return terms.pointsTerm.trim() || DEFAULT_POINT_TERMS.pointsTerm;
}

/** The full text a screen reader hears: "1,234 points", "1 point", "50 XP". */
export function pointsText(count: number, terms: PointTerms, locale = 'en'): string {
  return `${formatNumber(count, locale)} ${pointsLabel(count, terms)}`;
}
