import type { PointTerms } from '~/components/ui/points-label.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { PlayedTime } from './played-time.ts';
import { startWatching, viewVideo } from './videos.api.ts';
import { watchToast } from './watch-toast.ts';

/** What a tapped `<youtube-facade>` raises (./youtube-facade.ts; not imported, so neither script carries the other). */
const YOUTUBE_PLAY = 'youtube-play';
/** A little after the server's moment, so a clock a few hundred ms apart never makes a view early. */
const MARGIN_MS = 600;

/**
 * `<video-watch>`, for a signed-in supporter who has not watched the video yet: the watch ticket when
 * playback starts, and the view once the threshold has passed (a file: that much really played;
 * YouTube: that long since the facade's tap). The answer's standing moves the header's balance; a toast
 * says what was earned.
 */
export class VideoWatchElement extends HTMLElement {
  private ticket: { value: string; dueAt: number } | undefined;
  private asking = false;
  private done = false;
  private played = new PlayedTime();
  private retries = 0;

  connectedCallback(): void {
    if (this.dataset['earn'] !== '1') return;
    // YouTube's player cannot be watched from here: the view is sent that long after the tap.
    this.addEventListener(YOUTUBE_PLAY, () => void this.start().then(() => this.sendWhenDue()));
    const video = this.querySelector('video');
    if (!video) return;
    video.addEventListener('play', () => void this.start());
    video.addEventListener('pause', () => this.played.restart());
    video.addEventListener('seeking', () => this.played.restart());
    video.addEventListener('timeupdate', () => {
      const seconds = this.played.update(video.currentTime);
      if (this.ticket && seconds * 1000 >= this.minimumMs()) this.sendWhenDue();
    });
  }

  private get t() {
    return translator(JSON.parse(this.dataset['words'] ?? '{}') as Partial<Messages>, this.dataset['locale']);
  }

  private minimumMs(): number {
    return Number(this.dataset['minimum']) * 1000;
  }

  private status(text: string, done = false): void {
    const region = document.getElementById(this.dataset['status'] ?? '');
    if (region) region.textContent = text;
    if (done) document.getElementById(this.dataset['hint'] ?? '')?.remove();
  }

  /** Playback started: the signed ticket, once (a refused view asks for a new one on the next play). */
  private async start(): Promise<void> {
    if (this.ticket || this.asking || this.done) return;
    this.asking = true;
    try {
      const answer = await startWatching(browserApi(), this.dataset['video'] ?? '');
      this.ticket = { value: answer.ticket, dueAt: Date.now() + answer.minimumWatchSeconds * 1000 + MARGIN_MS };
      this.status(this.t('videos.watch.counting', { count: answer.minimumWatchSeconds }));
    } catch {
      this.status(this.t('videos.watch.failed'));
    } finally {
      this.asking = false;
    }
  }

  private timer: ReturnType<typeof setTimeout> | undefined;

  private sendWhenDue(): void {
    if (!this.ticket || this.done || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.send();
    }, Math.max(0, this.ticket.dueAt - Date.now()));
  }

  private async send(): Promise<void> {
    const ticket = this.ticket;
    if (!ticket || this.done) return;
    this.done = true;
    this.status(this.t('videos.watch.saving'));
    const t = this.t;
    try {
      const result = await viewVideo(browserApi(), this.dataset['video'] ?? '', ticket.value);
      const terms = JSON.parse(this.dataset['terms'] ?? '{}') as PointTerms;
      const locale = this.dataset['locale'] ?? 'en';
      this.status(t('videos.doneText'), true);
      const words = { messages: JSON.parse(this.dataset['words'] ?? '{}') as Partial<Messages>, locale };
      afterAward(result.standing, watchToast(result, t, { terms, underage: this.dataset['underage'] === '1', locale }), words);
    } catch (error) {
      const problem = await readApiProblem(error, t).catch(() => undefined);
      // Early by the server's clock: wait a little and send the same ticket again.
      if (problem?.code === 'view_too_early' && this.retries < 5) {
        this.retries += 1;
        this.done = false;
        ticket.dueAt = Date.now() + 2000;
        this.sendWhenDue();
        return;
      }
      this.done = false;
      this.ticket = undefined;
      this.status(problem?.message || t('videos.watch.failed'));
    }
  }
}

if (!customElements.get('video-watch')) customElements.define('video-watch', VideoWatchElement);
