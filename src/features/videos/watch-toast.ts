import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel, pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { VideoViewResult } from './videos.api.ts';

/**
 * The toast after a view: "+15 points" and "Thanks for watching …", with any playlist the view completed
 * ("Playlist complete: Goals of the season, 5 points more."). Under-18 supporters never see points.
 */
export function watchToast(
  result: Pick<VideoViewResult, 'pointsAwarded' | 'playlistsCompleted'> & { video: { name: string } },
  t: Translate, { terms, underage, locale }: { terms: PointTerms; underage: boolean; locale: string },
): { title: string; description: string } {
  const total = result.pointsAwarded + result.playlistsCompleted.reduce((sum, p) => sum + p.pointsAwarded, 0);
  const playlists = underage ? [] : result.playlistsCompleted.map((p) =>
    t('videos.watch.toastPlaylist', { playlist: p.title, points: pointsText(p.pointsAwarded, terms, locale) }));
  return {
    title: underage || total <= 0 ? t('videos.watch.toastTitle') : `+${formatNumber(total, locale)} ${pointsLabel(total, terms)}`,
    description: [t('videos.watch.toastText', { name: result.video.name }), ...playlists].join(' '),
  };
}
