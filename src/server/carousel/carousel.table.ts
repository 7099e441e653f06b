/** A supporter hid a carousel card for good (DELETE /carousel/{id}). */
interface CarouselDismissalTable {
  user_id: string;
  card_id: string;
  dismissed_at: string;
}

export interface CarouselTables {
  carousel_dismissals: CarouselDismissalTable;
}
