/** The carousel's heading: after a dismissal the page comes back here, focus on it. */
export const CAROUSEL_ANCHOR = 'carousel';
