import { actions } from 'astro:actions';
import { useState, type MouseEvent } from 'react';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import type { UserConsent } from './profile.api.ts';

/** What a switch needs of a consent (`value` is `enabled` as 0 or 1), and the key of its form. */
export type ConsentItem = Omit<UserConsent, 'value'> & { formKey: string };

export interface ConsentSwitchesProps {
  consents: ConsentItem[];
}

/**
 * One switch per consent, each its own little form for the consent action (src/actions/profile.ts):
 * without JavaScript a tap posts the wanted state to /profile; once hydrated the island sends the same
 * form, in place. If saving fails the switch goes back and the
 * failure is only logged (spec: consent update failure is logged only).
 */
export function ConsentSwitches({ consents }: ConsentSwitchesProps) {
  const [items, setItems] = useState(consents);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const setEnabled = (id: string, enabled: boolean) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, enabled } : item)));
  const setBusy = (id: string, busy: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function toggle(event: MouseEvent<HTMLButtonElement>, consent: ConsentItem): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget.form;
    if (pending.has(consent.id) || !form) return;
    const enabled = !consent.enabled;
    setEnabled(consent.id, enabled);
    setBusy(consent.id, true);
    // Heard by product analytics (src/features/observe): an analytics consent switched off stops it at once.
    window.dispatchEvent(new CustomEvent('terrace:consent', { detail: { consentId: consent.consentId, enabled } }));
    const { refusal } = await submitAction((all) => all.profile.setConsent, form, '', { consent: `${consent.id}|${enabled ? 1 : 0}` });
    if (refusal) {
      console.error('Consent update failed', { consentId: consent.consentId, status: refusal.status });
      setEnabled(consent.id, !enabled);
    }
    setBusy(consent.id, false);
  }

  return (
    <ul className="divide-y divide-black/10">
      {items.map((consent) => {
        const busy = pending.has(consent.id);
        return (
          <li key={consent.id}>
            <form method="post" action={`/profile${actions.profile.setConsent}#consents`} className="flex items-center justify-between gap-4 py-3">
              <input type="hidden" name={FORM_KEY_FIELD} value={consent.formKey} />
              <div>
                <p id={`consent-${consent.id}-name`} className="font-semibold">{consent.name}</p>
                {consent.description && (
                  <p id={`consent-${consent.id}-description`} className="text-sm text-muted">{consent.description}</p>
                )}
              </div>
              <button
                type="submit"
                name="consent"
                value={`${consent.id}|${consent.enabled ? 0 : 1}`}
                role="switch"
                aria-checked={consent.enabled}
                aria-labelledby={`consent-${consent.id}-name`}
                aria-describedby={consent.description ? `consent-${consent.id}-description` : undefined}
                aria-busy={busy || undefined}
                onClick={(event) => void toggle(event, consent)}
                className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-busy:cursor-wait ${consent.enabled ? 'bg-primary' : 'bg-slate-500'}`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-block size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none ${consent.enabled ? 'translate-x-7' : 'translate-x-1'}`}
                />
              </button>
            </form>
          </li>
        );
      })}
    </ul>
  );
}
