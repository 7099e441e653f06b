import { createRoot } from 'react-dom/client';
import { fireConfetti, themeConfettiColours } from '~/lib/confetti.ts';
import type { Messages } from '~/shared/i18n/translate.ts';
import type { Moment } from '~/server/moments/moment.schema.ts';
import { Celebration } from './Celebration.tsx';

/**
 * A big burst from the middle, in the club's colours (the spec's seven when none are usable), drawn above the
 * full-screen moment (z-index 110, ../../components/ui/Dialog.tsx).
 */
const BURST = { particleCount: 150, spread: 90, startVelocity: 40, origin: { y: 0.55 }, zIndex: 120 } as const;

/**
 * Loaded only when an answer made a moment (../session/after-award.ts imports it then): shows the full-screen
 * moment in a root of its own, removed once it has closed, with confetti, which is left out for
 * prefers-reduced-motion (src/lib/confetti.ts).
 */
export function celebrate(moments: [Moment, ...Moment[]], words: { messages: Partial<Messages>; locale: string }): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const closed = () => {
    root.unmount();
    host.remove();
  };
  root.render(<Celebration moments={moments} messages={words.messages} locale={words.locale} onClosed={closed} />);
  // The moment is drawn in the secondary colour: the burst is in the others, and the text colour on it.
  const colours = themeConfettiColours(['primary', 'accent', 'on-secondary']);
  void fireConfetti({ ...BURST, origin: { ...BURST.origin }, ...(colours.length ? { colors: colours } : {}) });
}
