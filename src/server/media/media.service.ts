import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/connection.ts';
import { ApiError, msg, type ApiText } from '../errors.ts';
import { UPLOAD_LIMIT } from '../../shared/limits.ts';
import { updateUserProfile } from '../users/user.repository.ts';
import { hasUploaded, recordUpload } from './media.repository.ts';
import type { ByteRange, MEDIA_CONTENT_TYPES, MediaStore } from './media.store.ts';

const MAX_UPLOAD_BYTES = UPLOAD_LIMIT;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const AVATAR_SIZE = 512;
/** Decoding a bigger image costs too much memory: 40 megapixels covers every phone camera's photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** `<sha256 hex>.webp`: a stored file's name is its content hash, never a path. */
export const MEDIA_NAME = /^[a-f0-9]{64}\.webp$/;
/** Anything the media store serves: images (avatars) and documents (sweepstake rules, `<sha256 hex>.pdf`). */
const MEDIA_FILE = /^[a-f0-9]{64}\.(webp|pdf)$/;

const tooLarge = () => new ApiError('payload_too_large', 'api.media.tooLarge');
const notAnImage = () => new ApiError('unsupported_media_type', 'api.media.notAnImage');

export function mediaUrl(name: string): string {
  return `/api/media/${name}`;
}

/**
 * The request body, refused with a 413 as soon as it is known to pass the limit: from
 * Content-Length, or while reading (a chunked or lying body). Never holds more than the limit.
 */
export async function readUpload(
  request: Request, limit = MAX_UPLOAD_BYTES, types: readonly string[] = ACCEPTED_TYPES, refusal: ApiText = 'api.media.sendImage',
): Promise<Buffer> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!types.includes(type)) {
    throw new ApiError('unsupported_media_type', refusal);
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) throw notAnImage();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** A square 512 px WebP of the image, without its metadata (location, camera), turned upright first. */
async function toAvatar(bytes: Buffer, fit: 'cover' | 'contain' = 'cover'): Promise<Buffer> {
  // sharp throws at once (not through its promise) on an empty buffer.
  if (bytes.byteLength === 0) {
    throw new ApiError('validation_failed', 'api.media.empty');
  }
  const metadata = await readMetadata(bytes);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ApiError('payload_too_large', 'api.media.tooManyPixels');
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new ApiError('unsupported_media_type', 'api.media.unreadable', undefined, error);
  }
}

/** The header only (no pixels are decoded), so a huge declared size is read and answered with a 413 above. */
async function readMetadata(bytes: Buffer) {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** Stores the bytes under their content hash (whole or not at all, media.store.ts) and answers the name. */
export async function storeMedia(media: MediaStore, bytes: Buffer, extension: keyof typeof MEDIA_CONTENT_TYPES = 'webp'): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
  // The same bytes again (a second upload of one photo, a rules PDF made anew): the file is there already.
  if (!(await mediaExists(media, name))) await media.write(name, bytes);
  noteLookUp(media, name, bytes.byteLength);
  return name;
}

/** A club's crest: the whole picture in a transparent 512 px square WebP (never cropped), stored; answers its name. */
export async function storeCrestImage(media: MediaStore, bytes: Buffer): Promise<string> {
  return storeMedia(media, await toAvatar(bytes, 'contain'));
}

export async function uploadAvatarImage(db: Db, media: MediaStore, userId: string, bytes: Buffer): Promise<string> {
  const avatar = await toAvatar(bytes);
  const name = await storeMedia(media, avatar);
  await recordUpload(db, { user_id: userId, name, byte_size: avatar.byteLength, created_at: new Date().toISOString() });
  return name;
}

/** Points the user's avatar at one of their own uploads. */
export async function setAvatar(db: Db, media: MediaStore, userId: string, name: string): Promise<void> {
  if (!MEDIA_NAME.test(name) || !(await hasUploaded(db, userId, name)) || !(await mediaExists(media, name))) {
    throw new ApiError('not_found', msg('api.media.notUploaded', { name }));
  }
  await updateUserProfile(db, userId, { avatar_url: mediaUrl(name), updated_at: new Date().toISOString() });
}

export async function mediaExists(media: MediaStore, name: string): Promise<boolean> {
  return (await media.size(name)) !== undefined;
}

/**
 * Files this process found in a store lately, by store and name, and when: a page that links a stored file (a
 * sweepstake's rules PDF) asks the store whether it is still there (a HEAD request with a bucket) once in this
 * long, not on every view. Serving the file looks it up for real, so a file found gone there is forgotten here.
 */
const STORED_LATELY_MS = 10 * 60_000;
const foundAt = new Map<string, number>();
const foundKey = (media: MediaStore, name: string) => `${media.where}\u0000${name}`;

function noteLookUp(media: MediaStore, name: string, size: number | undefined, now = Date.now()): void {
  if (size === undefined) {
    foundAt.delete(foundKey(media, name));
    return;
  }
  if (foundAt.size >= 1_000) foundAt.clear();
  foundAt.set(foundKey(media, name), now);
}

/** Whether a file is stored, from this process's look-up of the last ten minutes when there was one, else the store's. */
export async function storedLately(media: MediaStore, name: string, now = Date.now()): Promise<boolean> {
  const at = foundAt.get(foundKey(media, name));
  if (at !== undefined && now - at < STORED_LATELY_MS) return true;
  const size = await media.size(name);
  noteLookUp(media, name, size, now);
  return size !== undefined;
}

/** The size of a stored image or document, or undefined when there is none by that name (or the name is not one). */
export async function findStoredMedia(media: MediaStore, name: string): Promise<{ size: number } | undefined> {
  return MEDIA_FILE.test(name) ? sizeOf(media, name) : undefined;
}

/** A stored video clip: `<sha256 hex>.mp4` or `.webm`. */
const VIDEO_NAME = /^[a-f0-9]{64}\.(mp4|webm)$/;

/** A stored clip's size; undefined when there is none by that name. */
export async function findStoredVideo(media: MediaStore, name: string): Promise<{ size: number } | undefined> {
  return VIDEO_NAME.test(name) ? sizeOf(media, name) : undefined;
}

async function sizeOf(media: MediaStore, name: string): Promise<{ size: number } | undefined> {
  const size = await media.size(name);
  noteLookUp(media, name, size);
  return size === undefined ? undefined : { size };
}

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): `bytes=a-b`, `bytes=a-`
 * or the last n bytes `bytes=-n`, the end cut to the file. Answers 'unsatisfiable' when it starts past the
 * end, and undefined (send the whole file) for no header, a malformed one, or several ranges at once.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (!Number.isSafeInteger(suffix)) return undefined;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Number(to);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return undefined;
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end: Math.min(end, size - 1) };
}
