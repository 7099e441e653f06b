// The one place uploaded media are kept (avatars, crests, the console's pictures and clips, sweepstake rules
// PDFs, the demo clips): a folder on this machine by default (MEDIA_DIR), or an S3-compatible bucket
// (MEDIA_STORE=s3://…) when the club runs several machines, which then all see the same files.

/** The bytes start..end of a stored file, both included (as HTTP ranges count them). */
export interface ByteRange { start: number; end: number }

/**
 * A flat set of named files. Names are `<sha256>.<extension>` (the services check them first): a file never
 * changes once written, so every process may cache or serve it for ever.
 */
export interface MediaStore {
  /** Where the files are, for an operator's log line: a folder's path or s3://bucket/prefix (never a credential). */
  readonly where: string;
  /** The file's size in bytes, or undefined when there is none by that name. */
  size(name: string): Promise<number | undefined>;
  /** The file's bytes (or a range of them) as a stream, never whole in memory; undefined when there is none. */
  read(name: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Stores the bytes: until the whole file is there, readers (on any machine) see no file, never part of one. */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** The same from a file on this machine, streamed (the demo clips shipped with the sources). */
  writeFile(name: string, path: string): Promise<void>;
  /** Removes the file; one already gone is fine. */
  remove(name: string): Promise<void>;
}

/** The content type of each kind of stored file, by its extension. */
export const MEDIA_CONTENT_TYPES = {
  webp: 'image/webp', pdf: 'application/pdf', mp4: 'video/mp4', webm: 'video/webm',
} as const;

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return MEDIA_CONTENT_TYPES[extension as keyof typeof MEDIA_CONTENT_TYPES] ?? 'application/octet-stream';
}

/** One file name, flat: never a path, never a hidden file. A bad one is a bug in the caller, not a 404. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not a media file name: ${JSON.stringify(name)}`);
  return name;
}
