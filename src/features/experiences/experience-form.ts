// The request form of /enhanced-experiences: its intent and the anchor each card answers at.

/** The value of the form's `intent` field. */
export const REQUEST_INTENT = 'request-experience';

/** The id of an experience's card, which the form posts back to (so the answer shows beside it). */
export function experienceAnchor(slug: string): string {
  return `experience-${slug}`;
}
