/** The event a facade raises once tapped: playback of the YouTube video is starting. */
export const YOUTUBE_PLAY = 'youtube-play';

/**
 * `<youtube-facade>`: a poster and a play button, as a link to the video on YouTube (what a browser
 * without script follows). Tapped with script, YouTube's player (youtube-nocookie.com) replaces it,
 * playing: the first request to YouTube is made then, never before.
 */
export class YoutubeFacadeElement extends HTMLElement {
  connectedCallback(): void {
    const link = this.querySelector<HTMLAnchorElement>('a[data-embed]');
    link?.addEventListener('click', (event) => {
      event.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = `${link.dataset['embed']}?autoplay=1&rel=0`;
      frame.title = link.dataset['title'] ?? '';
      frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      frame.allowFullscreen = true;
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      frame.className = 'size-full';
      link.replaceWith(frame);
      frame.focus();
      this.dispatchEvent(new Event(YOUTUBE_PLAY, { bubbles: true }));
    }, { once: true });
  }
}

if (!customElements.get('youtube-facade')) customElements.define('youtube-facade', YoutubeFacadeElement);
