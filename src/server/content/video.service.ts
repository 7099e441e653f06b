import type { Locale } from '../../shared/i18n/locales.ts';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { award, type LedgerResult } from '../ledger/ledger.ts';
import { findUsedKeys } from '../ledger/ledger.repository.ts';
import { standingAfter } from '../users/standing.ts';
import { payCompletedPlaylists } from './playlist.service.ts';
import { toVideo, VIDEO_KIND, videoKey, watchSecondsOfRow } from './video.model.ts';
import { findPublishedVideo, listPublishedVideos } from './video.repository.ts';
import { checkWatchTicket, issueWatchTicket } from './video.ticket.ts';
import type { Video, VideoViewResult, WatchTicket } from './video.schema.ts';

export interface VideoCaller {
  organizationId: string;
  userId: string | null;
  /** The language of the texts (the club's Spanish where written); English when left out. */
  locale?: Locale;
}
type SignedIn = { organizationId: string; userId: string };

export async function listVideos(db: Db, caller: VideoCaller, now = new Date()): Promise<Video[]> {
  const rows = await listPublishedVideos(db, caller.organizationId, now.toISOString());
  const used = caller.userId ? await findUsedKeys(db, caller.userId, rows.map((r) => videoKey(r.id))) : new Set<string>();
  return rows.map((row) => toVideo(row, used.has(videoKey(row.id)), caller.locale));
}

async function requireVideo(db: Db, organizationId: string, idOrSlug: string, now: Date) {
  const row = await findPublishedVideo(db, organizationId, idOrSlug, now.toISOString());
  if (!row) throw new ApiError('not_found', 'api.videos.notFound');
  return row;
}

export async function getVideo(db: Db, caller: VideoCaller, idOrSlug: string, now = new Date()): Promise<Video> {
  const row = await requireVideo(db, caller.organizationId, idOrSlug, now);
  const used = caller.userId ? await findUsedKeys(db, caller.userId, [videoKey(row.id)]) : new Set<string>();
  return toVideo(row, used.size > 0, caller.locale);
}

/** The signed watch ticket for playback starting now: the view is accepted from `acceptedFrom` on. */
export async function startWatching(db: Db, caller: SignedIn, idOrSlug: string, secret: string, now = new Date()): Promise<WatchTicket> {
  const row = await requireVideo(db, caller.organizationId, idOrSlug, now);
  const seconds = watchSecondsOfRow(row);
  return {
    ticket: issueWatchTicket(secret, caller.userId, row.id, now.getTime()), issuedAt: now.toISOString(),
    minimumWatchSeconds: seconds, acceptedFrom: new Date(now.getTime() + seconds * 1000).toISOString(),
  };
}

/**
 * Pays for a view, once: the checksum must be a watch ticket signed here for this supporter and video,
 * and the threshold (80% of the video, at most 30 s) must have passed since it was issued. The video's
 * points, then, in the same transaction, any playlist the view completes. A repeat pays nothing.
 */
export async function viewVideo(
  trx: Db, caller: SignedIn, idOrSlug: string, checksum: string, secret: string, locale: Locale, now = new Date(),
): Promise<VideoViewResult> {
  const row = await requireVideo(trx, caller.organizationId, idOrSlug, now);
  const check = checkWatchTicket(secret, checksum, caller.userId, row.id, now.getTime());
  if (!check.ok) throw new ApiError('checksum_invalid', check.reason === 'expired' ? 'api.videos.ticketExpired' : 'api.videos.badChecksum');
  const needed = watchSecondsOfRow(row) * 1000;
  const watched = now.getTime() - check.issuedAt;
  if (watched < needed) throw new ApiError('view_too_early', msg('api.videos.tooEarly', { count: Math.ceil((needed - watched) / 1000) }));
  const value = Number(row.value);
  const paid: LedgerResult | null = value > 0
    ? await award(trx, { userId: caller.userId, amount: value, kind: VIDEO_KIND, reference: row.id, idempotencyKey: videoKey(row.id) })
    : null;
  const playlists = await payCompletedPlaylists(trx, caller, row.id, locale, now);
  return {
    video: toVideo(row, true, locale),
    pointsAwarded: paid && !paid.replayed ? value : 0,
    playlistsCompleted: playlists.completions,
    standing: await standingAfter(trx, caller, playlists.last ?? paid),
  };
}
