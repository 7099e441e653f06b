/** JSON and form bodies are small: 64 KiB is far above any real one. */
export const BODY_LIMIT = 64 * 1024;
/** The avatar upload, the one larger body. */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
export const UPLOAD_PATH = '/api/media';
