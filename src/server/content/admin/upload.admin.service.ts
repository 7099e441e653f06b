import sharp from 'sharp';
import { ApiError } from '../../errors.ts';
import { mediaUrl, storeMedia } from '../../media/media.service.ts';
import type { MediaStore } from '../../media/media.store.ts';

// The console's uploads: pictures (story chapters and covers, article covers, video posters) resized and
// stored as WebP; video clips stored as sent, after a look at their first bytes. Both are named by
// their content hash in the one media store (../../media/media.service.ts).

/** The longest side of a stored picture: sharp on a phone's screen at 3x, and no more. */
const MAX_SIDE = 1600;
/** Decoding a bigger image costs too much memory: 40 megapixels covers every camera an editor uses. */
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface StoredImage { name: string; url: string; width: number; height: number; byteSize: number }

async function headerOf(bytes: Buffer) {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** The picture upright, at most 1600 px on its longest side (never enlarged), as WebP without metadata. */
export async function storeAdminImage(media: MediaStore, bytes: Buffer): Promise<StoredImage> {
  // sharp throws at once (not through its promise) on an empty buffer.
  if (bytes.byteLength === 0) throw new ApiError('validation_failed', 'api.media.empty');
  const header = await headerOf(bytes);
  if (!header?.format || !FORMATS.has(header.format)) throw new ApiError('unsupported_media_type', 'api.media.notAnImage');
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) throw new ApiError('payload_too_large', 'api.media.tooManyPixels');
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ApiError('unsupported_media_type', 'api.media.unreadable', undefined, error);
  }
  const name = await storeMedia(media, out.data);
  return { name, url: mediaUrl(name), width: out.info.width, height: out.info.height, byteSize: out.data.byteLength };
}

/** What a clip's first bytes say it is: an MP4 (an ISO media `ftyp` box) or a WebM (an EBML header); else nothing. */
function containerOf(bytes: Buffer): 'mp4' | 'webm' | undefined {
  if (bytes.byteLength >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (bytes.byteLength >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return undefined;
}

export interface StoredClip { name: string; url: string; byteSize: number }

/** A clip stored as sent, when its bytes are the container its type says; its name is a video's `source`. */
export async function storeAdminClip(media: MediaStore, bytes: Buffer, type: string): Promise<StoredClip> {
  if (bytes.byteLength === 0) throw new ApiError('validation_failed', 'api.media.empty');
  const container = containerOf(bytes);
  if (!container || `video/${container}` !== type) throw new ApiError('unsupported_media_type', 'api.adminMedia.notAClip');
  const name = await storeMedia(media, bytes, container);
  return { name, url: `/api/media/videos/${name}`, byteSize: bytes.byteLength };
}
