// The request form of /enhanced-experiences: the anchor each card answers at.

/** The id of an experience's card, which the form posts back to (so the answer shows beside it). */
export function experienceAnchor(slug: string): string {
  return `experience-${slug}`;
}
