/** The dashboard's form post that hides a card (no JavaScript needed). */
export const DISMISS_CARD_INTENT = 'dismiss-card';
/** The carousel's heading: after a dismissal the page comes back here, focus on it. */
export const CAROUSEL_ANCHOR = 'carousel';
