import { noteStoryClosed } from './story-return.ts';
import { isHTTPError } from 'ky';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel, type PointTerms } from '~/components/ui/points-label.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { safeHref } from '~/lib/navigation/safe-url.ts';
import { toast } from '~/lib/toast/store.ts';
import { viewStoryChapter, type Story } from './stories.api.ts';
import { CHAPTER_MS, gestureOf, HOLD_MS, type PointerMark } from './story-gesture.ts';

export interface StoryViewerProps {
  story: Story;
  /** `pickMessages(messages, 'stories.viewer.', 'rank.')`. */
  messages: Partial<Messages>;
  locale: string;
  clubName: string;
  terms: PointTerms;
  /** Under-18 supporters never see points. */
  underage: boolean;
  /** Where closing goes when the supporter did not come here from another page of the site. */
  fallbackHref: string;
}

/** Back where the supporter came from (a page of this site), else the fallback. */
function leave(fallbackHref: string, storyId: string): void {
  noteStoryClosed(storyId);
  let from: URL | undefined;
  try {
    from = document.referrer ? new URL(document.referrer) : undefined;
  } catch {
    from = undefined;
  }
  if (from && from.origin === location.origin && from.pathname !== location.pathname && history.length > 1) history.back();
  else location.assign(fallbackHref);
}

const BUTTON = 'flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white';
/** Previous and next for the keyboard and screen readers: shown when focused (the picture's halves are for taps). */
const SKIP = 'sr-only rounded-full bg-white px-4 py-2 text-sm font-semibold text-black focus:not-sr-only focus-visible:outline-2 focus-visible:outline-white';
const ICON = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/**
 * The story viewer: full screen, one progress bar per chapter, each chapter shown for CHAPTER_MS once its
 * picture has loaded (the next one preloaded), then the next. Tap the right half for the next chapter,
 * the left half for the previous one; press and hold to pause; swipe down or Escape to close; arrow keys.
 * Each chapter shown is posted as viewed; the view that completes the story answers the new standing.
 * Rendered only once hydrated: without script the page shows its chapters as plain links instead.
 */
export function StoryViewer({ story, messages, locale, clubName, terms, underage, fallbackHref }: StoryViewerProps) {
  const t = translator(messages, locale);
  const chapters = story.chapters;
  const last = chapters.length - 1;
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = held || stopped;
  const dialog = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLSpanElement>(null);
  const run = useRef<Animation | null>(null);
  const press = useRef<{ mark: PointerMark; timer: number } | null>(null);
  const posted = useRef(new Set<string>());
  const chapter = chapters[index]!;
  const sponsor = safeHref(chapter.sponsorUrl, { external: true });

  const go = (to: number) => {
    if (to > last) return leave(fallbackHref, story.id);
    if (to < 0 || to === index) return;
    setIndex(to);
    setReady(false);
  };

  useEffect(() => {
    setOpen(true);
    document.documentElement.style.overflow = 'hidden';
    return () => { document.documentElement.style.overflow = ''; };
  }, []);
  useEffect(() => { if (open) dialog.current?.focus(); }, [open]);

  // The chapter on screen counts as viewed; the view that completes the story pays and answers the standing.
  useEffect(() => {
    if (!open || posted.current.has(chapter.id)) return;
    posted.current.add(chapter.id);
    viewStoryChapter(browserApi(), story.id, chapter.id).then(({ standing, pointsAwarded }) => {
      if (!standing) return;
      const points = `${formatNumber(pointsAwarded, locale)} ${pointsLabel(pointsAwarded, terms)}`;
      afterAward(standing, { title: t('stories.viewer.complete'), ...(underage ? {} : { description: t('stories.viewer.earned', { points }) }) }, { messages, locale });
    }, (error: unknown) => {
      posted.current.delete(chapter.id);
      // Spec: a 422 on a chapter view says so; any other failure is logged by the client only.
      if (isHTTPError(error) && error.response.status === 422) {
        toast({ title: t('stories.viewer.viewFailed'), description: t('stories.viewer.viewFailedText'), variant: 'destructive' });
      }
    });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one view per chapter shown; the words and terms are read when it answers
  }, [open, chapter.id]);

  // The next chapter's picture, fetched while this one shows.
  useEffect(() => {
    const next = chapters[index + 1];
    if (next) new Image().src = next.mediaId;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- prefetches when the chapter changes, not when the list is rebuilt
  }, [index]);

  // The current bar fills over CHAPTER_MS from when the picture is on screen, then the next chapter shows.
  useEffect(() => {
    const bar = fill.current;
    if (!open || !ready || !bar) return undefined;
    const animation = bar.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], { duration: CHAPTER_MS, fill: 'forwards' });
    if (paused) animation.pause();
    animation.onfinish = () => { if (index < last) go(index + 1); };
    run.current = animation;
    return () => animation.cancel();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one animation per chapter; pausing is the next effect's, not a restart
  }, [open, ready, index]);
  useEffect(() => {
    const animation = run.current;
    if (!animation || animation.playState === 'finished') return;
    if (paused) animation.pause();
    else animation.play();
  }, [paused]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const onControl = event.target instanceof Element && event.target.closest('a, button') !== null;
      if (event.key === 'ArrowRight') go(index + 1);
      else if (event.key === 'ArrowLeft') go(index - 1);
      else if (event.key === 'Escape') leave(fallbackHref, story.id);
      else if (event.key === ' ' && !onControl) setStopped((s) => !s);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are bound again for each chapter; go and leave are read at the key press
  }, [open, index]);

  const mark = (event: PointerEvent<HTMLDivElement>): PointerMark => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top, at: event.timeStamp };
  };
  const release = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
    setHeld(false);
  };

  async function share(): Promise<void> {
    const url = location.href.split('#')[0]!;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: story.title, text: t('stories.viewer.shareText', { club: clubName, title: story.title }), url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('stories.viewer.copied'), description: t('stories.viewer.copiedText') });
    } catch {
      toast({ title: t('stories.viewer.copyFailed'), description: t('stories.viewer.copyFailedText'), variant: 'destructive' });
    }
  }

  if (!open) return null;
  return (
    <div ref={dialog} role="dialog" aria-modal="true" aria-label={story.title} tabIndex={-1}
      className="fixed inset-0 z-50 flex justify-center bg-black text-white outline-none" data-testid="story-viewer">
      <div className="flex h-full w-[min(100vw,calc(100dvh*9/16))] flex-col">
        <div className="shrink-0 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-2">
          <div className="flex gap-1" aria-hidden="true">
            {chapters.map((c, i) => (
              <span key={c.id} className="h-1 flex-1 overflow-hidden rounded-full bg-white/35">
                <span ref={i === index ? fill : undefined} className={`block h-full origin-left rounded-full bg-white ${i < index ? '' : 'scale-x-0'}`} />
              </span>
            ))}
          </div>
          <div className="mt-2 flex items-center gap-1">
            {story.coverMediaId && <img src={story.coverMediaId} alt="" width={32} height={32} className="mr-1 size-8 shrink-0 rounded-full" />}
            <p className="min-w-0 flex-1 truncate text-sm font-semibold">{story.title}</p>
            <p className="sr-only" aria-live="polite">{t('stories.viewer.chapter', { n: index + 1, count: chapters.length })}</p>
            <button type="button" className={BUTTON} onClick={() => setStopped((s) => !s)}
              aria-label={paused ? t('stories.viewer.play') : t('stories.viewer.pause')}>
              {paused
                ? <svg {...ICON}><path d="M7 4.5v15l12-7.5z" fill="currentColor" /></svg>
                : <svg {...ICON}><path d="M8 5v14M16 5v14" /></svg>}
            </button>
            {story.shareable && (
              <button type="button" className={BUTTON} onClick={() => void share()} aria-label={t('stories.viewer.share')}>
                <svg {...ICON}><path d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" /></svg>
              </button>
            )}
            <button type="button" className={BUTTON} onClick={() => leave(fallbackHref, story.id)} aria-label={t('stories.viewer.close')}>
              <svg {...ICON}><path d="M6 6l12 12M18 6L6 18" /></svg>
            </button>
          </div>
        </div>
        <div className="relative min-h-0 flex-1">
          <img key={chapter.id} src={chapter.mediaId} alt={chapter.caption} width={540} height={960} decoding="async"
            onLoad={() => setReady(true)} onError={() => setReady(true)}
            className="absolute inset-0 h-full w-full object-contain" />
          <div className="absolute inset-0 touch-none select-none" data-testid="story-stage"
            onContextMenu={(event) => event.preventDefault()}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              release();
              press.current = { mark: mark(event), timer: window.setTimeout(() => setHeld(true), HOLD_MS) };
            }}
            onPointerUp={(event) => {
              const start = press.current?.mark;
              release();
              if (!start) return;
              const gesture = gestureOf(start, mark(event), event.currentTarget.clientWidth);
              if (gesture === 'next') go(index + 1);
              else if (gesture === 'previous') go(index - 1);
              else if (gesture === 'close') leave(fallbackHref, story.id);
            }}
            onPointerCancel={release} />
        </div>
        <p className="sr-only">{t('stories.viewer.hint')}</p>
        <div className="flex min-h-18 shrink-0 items-center justify-between gap-2 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          <button type="button" onClick={() => go(index - 1)} className={SKIP}>{t('stories.viewer.previous')}</button>
          {sponsor && (
            <a href={sponsor} target="_blank" rel="noopener noreferrer sponsored"
              className="mx-auto inline-flex min-h-11 items-center rounded-full bg-white px-5 text-sm font-bold text-black shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              {t('stories.viewer.sponsor')}<span className="sr-only"> {t('stories.viewer.newTab')}</span>
            </a>
          )}
          <button type="button" onClick={() => go(index + 1)} className={SKIP}>{t('stories.viewer.next')}</button>
        </div>
      </div>
    </div>
  );
}
