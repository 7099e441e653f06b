/** JSON and form bodies are small: 64 KiB is far above any real one. */
export const BODY_LIMIT = 64 * 1024;
/** The avatar upload, the one larger body. */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
export const UPLOAD_PATH = '/api/media';
/**
 * The photo form's action (src/actions/profile.ts) takes the same photo: posted to the profile page
 * without JavaScript, to the action's own path by the island. The photo plus the form around it.
 */
export const FORM_UPLOAD_PATHS = ['/profile', '/_actions/profile.setPhoto'];
export const FORM_UPLOAD_LIMIT = UPLOAD_LIMIT + BODY_LIMIT;
