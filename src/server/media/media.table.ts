/** Who uploaded which image: set-avatar accepts only a user's own uploads. */
export interface MediaUploadTable {
  user_id: string;
  /** `<sha256 of the stored bytes>.webp`, the file's name under MEDIA_DIR. */
  name: string;
  byte_size: number;
  created_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface MediaTables {
  media_uploads: MediaUploadTable;
}
