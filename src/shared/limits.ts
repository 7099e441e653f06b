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
/** The console's picture upload (resized on the server) and video clip upload (stored as sent). */
export const ADMIN_IMAGE_LIMIT = 10 * 1024 * 1024;
export const ADMIN_CLIP_LIMIT = 50 * 1024 * 1024;
/** What the console's uploads take: checked by the API on the bytes, and by the clip form before it sends them on. */
export const ADMIN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ADMIN_CLIP_TYPES = ['video/mp4', 'video/webm'] as const;
export const ADMIN_UPLOAD_LIMITS: Readonly<Record<string, number>> = {
  '/api/admin/uploads/images': ADMIN_IMAGE_LIMIT,
  '/api/admin/uploads/videos': ADMIN_CLIP_LIMIT,
};
/** The console's picture form (src/actions/admin/media.ts), posted to an item's page or to the action: the photo's limit. */
export const FORM_UPLOAD_PREFIXES = ['/admin/stories/', '/admin/articles/', '/_actions/admin.media.upload'];
/**
 * The console's video form (the same file's save), posted to a video's page without JavaScript: a clip plus
 * the form around it. A video's page takes the picture form too, under this larger limit.
 */
export const FORM_CLIP_LIMIT = ADMIN_CLIP_LIMIT + BODY_LIMIT;
export const FORM_CLIP_PREFIXES = ['/admin/videos/'];
/** A console page's form refused for its size comes back to its page with this parameter (src/server/http/request-gate.ts). */
export const TOO_LARGE_PARAM = 'tooLarge';
