/** A supporter hid a carousel card for good (DELETE /carousel/{id}). */
interface CarouselDismissalTable {
  user_id: string;
  card_id: string;
  dismissed_at: string;
}

/** A reward card the club made in the console, shown after the five built-in demo cards (migration 026). */
export interface CarouselCardTable {
  id: string;
  organization_id: string;
  title: string;
  description: string;
  points: number;
  /** A path on this site. */
  image: string;
  url: string;
  cta: string;
  icon: string;
  /** 0 or 1: never listed to supporters under 18. */
  underage_gate: number;
  /** 0 or 1: a paid placement, labelled "Ad". */
  is_ad: number;
  /** Display order among the club's cards, lowest first. */
  position: number;
  starts_at: string | null;
  ends_at: string | null;
  draft: number;
  archived_at: string | null;
  translations: string;
  created_at: string;
  updated_at: string;
}

export interface CarouselTables {
  carousel_dismissals: CarouselDismissalTable;
  carousel_cards: CarouselCardTable;
}
