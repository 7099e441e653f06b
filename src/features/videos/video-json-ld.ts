import { isoDuration } from './duration.ts';
import type { Video } from './videos.api.ts';

/**
 * The video's schema.org VideoObject, for search engines: its poster, length, publication time, and
 * where it plays (the stored clip, or YouTube's embed). Base.astro serializes it safely.
 */
export function videoJsonLd(video: Video, pageUrl: string, organizationName: string): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, pageUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.name,
    description: video.description,
    thumbnailUrl: [absolute(video.thumbnailSrc)],
    uploadDate: video.publishedAt,
    duration: isoDuration(video.durationSeconds),
    ...(video.videoSourceType === 'file' ? { contentUrl: absolute(video.src) } : { embedUrl: video.src }),
    publisher: { '@type': 'Organization', name: organizationName },
    mainEntityOfPage: pageUrl,
  };
}
