import { useEffect, useState } from 'react';
import { Dialog, DIALOG_TRANSITION_MS } from '~/components/ui/Dialog.tsx';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import type { Moment } from '~/server/moments/moment.schema.ts';
import { momentWords } from './moment-words.ts';
import { MomentDetails, MomentHeader } from './MomentParts.tsx';

export interface CelebrationProps {
  /** At least one: the first is the headline, the others follow it. */
  moments: [Moment, ...Moment[]];
  /** The `rank.` messages. */
  messages: Partial<Messages>;
  locale: string;
  /** After it closed (Escape, the close button or "Keep going") and faded out. */
  onClosed(): void;
}

/**
 * The full-screen moment: a modal dialog named by its headline (focus inside, Escape closes, focus returns to
 * where it was), and the headline said once more in a live region for screen readers that do not read a
 * dialog's name when it opens.
 */
export function Celebration({ moments, messages, locale, onClosed }: CelebrationProps) {
  const t = translator(messages, locale);
  const [open, setOpen] = useState(true);
  const [announced, setAnnounced] = useState('');
  const [first, ...more] = moments;
  const words = momentWords(first, t);

  useEffect(() => {
    // Filled after the region is in the page, so it is announced as a change.
    const timer = setTimeout(() => setAnnounced(words.title), 100);
    return () => clearTimeout(timer);
  }, [words.title]);
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(onClosed, DIALOG_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open, onClosed]);

  return (
    <>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={words.title}
        closeLabel={t('rank.moment.close')}
        fullScreen
        className="flex flex-col items-center justify-center-safe text-center"
        titleClassName="mt-4 max-w-sm text-3xl leading-tight font-extrabold text-balance"
        before={<MomentHeader picture={first.picture} eyebrow={words.eyebrow} framed={first.kind !== 'badge'} />}
      >
        <div className="mt-3 flex w-full flex-col items-center gap-6">
          <MomentDetails words={words} more={more} t={t} />
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="min-h-12 w-full max-w-sm rounded-full bg-accent px-6 font-bold text-on-accent shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('rank.moment.continue')}
          </button>
        </div>
      </Dialog>
      <p className="sr-only" aria-live="polite">{announced}</p>
    </>
  );
}
