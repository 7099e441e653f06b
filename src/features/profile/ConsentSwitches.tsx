import { useEffect, useState } from 'react';
import { browserApi } from '~/lib/api/browser.ts';
import { setConsent, type UserConsent } from './profile.api.ts';

/** What a switch needs of a consent (`value` is `enabled` as 0 or 1). */
export type ConsentItem = Omit<UserConsent, 'value'>;

export interface ConsentSwitchesProps {
  consents: ConsentItem[];
}

/**
 * One switch per consent. A change is saved at once; if saving fails the switch goes back and the
 * failure is only logged (spec: consent update failure is logged only).
 */
export function ConsentSwitches({ consents }: ConsentSwitchesProps) {
  const [items, setItems] = useState(consents);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // Rendered on the server as disabled: a switch works only once this island has hydrated.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const setEnabled = (id: string, enabled: boolean) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, enabled } : item)));
  const setBusy = (id: string, busy: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function toggle(consent: ConsentItem): Promise<void> {
    const enabled = !consent.enabled;
    setEnabled(consent.id, enabled);
    setBusy(consent.id, true);
    try {
      await setConsent(browserApi(), consent.id, { consentId: consent.consentId, value: enabled ? 1 : 0, data: consent.data });
    } catch (error) {
      console.error('Consent update failed', { consentId: consent.consentId, error });
      setEnabled(consent.id, !enabled);
    } finally {
      setBusy(consent.id, false);
    }
  }

  return (
    <ul className="divide-y divide-black/10">
      {items.map((consent) => {
        const busy = pending.has(consent.id);
        return (
          <li key={consent.id} className="flex items-center justify-between gap-4 py-3">
            <div>
              <p id={`consent-${consent.id}-name`} className="font-semibold">{consent.name}</p>
              {consent.description && (
                <p id={`consent-${consent.id}-description`} className="text-sm text-muted">{consent.description}</p>
              )}
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={consent.enabled}
              aria-labelledby={`consent-${consent.id}-name`}
              aria-describedby={consent.description ? `consent-${consent.id}-description` : undefined}
              aria-busy={busy || undefined}
              disabled={!ready || busy}
              onClick={() => void toggle(consent)}
              className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-wait ${consent.enabled ? 'bg-primary' : 'bg-slate-500'}`}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none ${consent.enabled ? 'translate-x-7' : 'translate-x-1'}`}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
