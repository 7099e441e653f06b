import { actions } from 'astro:actions';
import { useState, type MouseEvent } from 'react';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import { toast } from '~/lib/toast/store.ts';
import type { Locale } from '~/shared/i18n/locales.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import type { LeaderboardName } from './leaderboards.api.ts';
import { NAME_FORM_ANCHOR } from './leaderboards.ts';

export interface NameSwitchProps {
  choice: LeaderboardName;
  formKey: string;
  /** The page the form is on: where a post without JavaScript comes back to. */
  back: string;
  messages: Pick<Messages, `leaderboards.${string}` & keyof Messages>;
  locale: Locale;
}

/**
 * "Show my name on leaderboards": one switch in its own form (src/actions/leaderboards.ts). Without JavaScript a
 * tap posts the wanted state to /leaderboards, which sends the supporter back here; once hydrated the island sends
 * the same form in place. Off (the default), the supporter is "Supporter 4821".
 */
export function NameSwitch({ choice, formKey, back, messages, locale }: NameSwitchProps) {
  const t = translator(messages, locale);
  const [named, setNamed] = useState(choice.named);
  const [busy, setBusy] = useState(false);
  const anonymous = t('leaderboards.anonymous', { number: choice.number });
  const hint = !named ? t('leaderboards.name.hintOff', { anonymous })
    : choice.name ? t('leaderboards.name.hintOn', { name: choice.name }) : t('leaderboards.name.noName', { anonymous });

  async function toggle(event: MouseEvent<HTMLButtonElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget.form;
    if (busy || !form) return;
    const wanted = !named;
    setNamed(wanted);
    setBusy(true);
    const { data, refusal } = await submitAction((all) => all.leaderboards.setName, form, t('leaderboards.name.failed'), { named: wanted ? '1' : '0' });
    setBusy(false);
    if (data) {
      setNamed(data.named);
      toast({ title: data.toast.title });
    } else {
      setNamed(!wanted);
      toast({ title: refusal.message, variant: 'destructive' });
    }
  }

  return (
    <form method="post" action={`/leaderboards${actions.leaderboards.setName}`} className="flex items-center justify-between gap-4">
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      <input type="hidden" name="back" value={back} />
      <div className="min-w-0">
        <p id={`${NAME_FORM_ANCHOR}-label`} className="font-semibold">{t('leaderboards.name.label')}</p>
        <p id={`${NAME_FORM_ANCHOR}-hint`} className="text-sm text-muted" aria-live="polite">{hint}</p>
      </div>
      <button
        type="submit" name="named" value={named ? '0' : '1'} role="switch" aria-checked={named}
        aria-labelledby={`${NAME_FORM_ANCHOR}-label`} aria-describedby={`${NAME_FORM_ANCHOR}-hint`}
        aria-busy={busy || undefined} onClick={(event) => void toggle(event)}
        className="flex h-11 w-16 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-busy:cursor-wait"
      >
        {/* The track is drawn smaller than the button: the whole 44 px is the target. */}
        <span aria-hidden="true" className={`inline-flex h-8 w-14 items-center rounded-full transition-colors duration-150 ${named ? 'bg-primary' : 'bg-slate-500'}`}>
          <span className={`inline-block size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none ${named ? 'translate-x-7' : 'translate-x-1'}`} />
        </span>
      </button>
    </form>
  );
}
