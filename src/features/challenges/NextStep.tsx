import { buttonClasses } from '~/components/ui/Button.tsx';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { NextChallenge } from './open-challenges.ts';

export interface NextStepProps {
  /** The challenge to open next; null: every challenge is answered, back to the list. */
  next: NextChallenge | null;
  t: Translate;
}

/** Where an answered challenge leads: the next open one, or back to the challenges list. */
export function NextStep({ next, t }: NextStepProps) {
  return (
    <div className="mt-4 rounded-lg border border-black/10 p-4">
      <p className="text-sm font-semibold text-muted">{next ? t('challenges.answer.upNext') : t('challenges.answer.allAnswered')}</p>
      <a href={next ? next.href : '/challenges'} className={buttonClasses({ className: 'mt-2 w-full' })}>
        {next ? t('challenges.answer.nextChallenge', { title: next.title }) : t('challenges.answer.backToList')}
      </a>
    </div>
  );
}
