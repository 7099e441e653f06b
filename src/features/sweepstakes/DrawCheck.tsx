import { downloadBlob } from '~/lib/download.ts';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { browserApi } from '~/lib/api/browser.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { checkDraw, readDrawRecord, type CheckStep, type DrawCheck as Checked, type DrawRecord } from './draw-check.ts';
import { fetchDrawRecord } from './sweepstakes.api.ts';

export interface DrawCheckProps {
  /** The sweepstake's id: its public record is read from the API, every page of the entry list. */
  sweepstakeId: string;
  /** The name a saved record gets. */
  fileName: string;
  /** The page's `verify.*` messages. */
  messages: Partial<Messages>;
  locale: string;
  /** The check of the published record (read from the API on hydration), or the form that checks a saved one. */
  part: 'published' | 'saved';
}

type Run = { state: 'checking' } | { state: 'failed' } | { state: 'done'; result: Checked; record: DrawRecord };

/**
 * The draw redone in the supporter's browser (issue 26, point 6): reads the public record from the API the
 * club publishes it on, runs the same draw the server ran (src/shared/draw.ts) and says "these are the
 * winners" or each step that does not match. A record saved earlier can be pasted and checked the same way.
 * Rendered only once hydrated: without script the page says, in words, that checking needs it.
 */
export function DrawCheck({ sweepstakeId, fileName, messages, locale, part }: DrawCheckProps) {
  const t = translator(messages, locale);
  const [mounted, setMounted] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'checking' });
  const [saved, setSaved] = useState<{ result?: Checked; invalid?: boolean }>({});
  const fieldId = useId();

  const check = useCallback(async (): Promise<void> => {
    setRun({ state: 'checking' });
    try {
      const record = await fetchDrawRecord(browserApi(), sweepstakeId);
      setRun({ state: 'done', result: checkDraw(record), record });
    } catch {
      setRun({ state: 'failed' });
    }
  }, [sweepstakeId]);

  useEffect(() => {
    setMounted(true);
    if (part === 'published') void check();
  }, [check, part]);

  function save(record: DrawRecord): void {
    downloadBlob(new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' }), fileName);
  }

  function checkSaved(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('record') ?? '');
    const record = readDrawRecord(text);
    setSaved(record ? { result: checkDraw(record) } : { invalid: true });
  }

  if (!mounted) return null;
  if (part === 'published') {
    return (
      <section aria-labelledby="verify-result" className="mt-5 rounded-xl bg-surface p-4 shadow-sm">
        <h2 id="verify-result" className="text-lg font-bold">{t('verify.resultHeading')}</h2>
        <div role="status" aria-live="polite" className="mt-2">
          {run.state === 'checking' && <p className="text-muted">{t('verify.checking')}</p>}
          {run.state === 'failed' && <p className="font-semibold text-red-800">{t('verify.loadFailed')}</p>}
          {run.state === 'done' && <Outcome result={run.result} t={t} />}
        </div>
        {run.state !== 'checking' && (
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" onClick={() => void check()} className={buttonClasses({ variant: 'tertiary', size: 'md', rounded: 'full', className: 'min-h-11 px-4' })}>
              {t('verify.again')}
            </button>
            {run.state === 'done' && (
              <button type="button" onClick={() => save(run.record)} className={buttonClasses({ variant: 'transparent', size: 'md', rounded: 'full', className: 'min-h-11 px-4' })}>
                {t('verify.save')}
              </button>
            )}
          </div>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="verify-saved" className="mt-5 rounded-xl bg-surface p-4 shadow-sm">
      <h2 id="verify-saved" className="text-lg font-bold">{t('verify.savedHeading')}</h2>
      <p className="mt-1 text-sm text-muted">{t('verify.savedIntro')}</p>
      <form onSubmit={checkSaved} className="mt-3">
        <label htmlFor={fieldId} className="text-sm font-semibold">{t('verify.savedLabel')}</label>
        <textarea id={fieldId} name="record" rows={5} required spellCheck={false}
          className="mt-1 block w-full rounded-lg border border-black/20 bg-background p-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-primary" />
        <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md', rounded: 'full', className: 'mt-3 min-h-11 px-5' })}>
          {t('verify.savedCheck')}
        </button>
      </form>
      <div role="status" aria-live="polite" aria-label={t('verify.savedResult')} className="mt-3">
        {saved.invalid && <p className="font-semibold text-red-800">{t('verify.savedInvalid')}</p>}
        {saved.result && <Outcome result={saved.result} t={t} />}
      </div>
    </section>
  );
}

type Translate = ReturnType<typeof translator>;

/** The verdict, the list's size and every step, a mismatch in words. */
function Outcome({ result, t }: { result: Checked; t: Translate }) {
  if (result.kind === 'not-drawn') return <p className="font-semibold">{t('verify.savedNotDrawn')}</p>;
  return (
    <div data-verdict={result.ok ? 'match' : 'mismatch'}>
      <div className={`rounded-lg p-3 ${result.ok ? 'bg-primary/10 text-text' : 'bg-red-50 text-red-900'}`}>
        <p className="flex items-center gap-2 text-lg font-bold">
          <span aria-hidden="true" className={`flex size-7 shrink-0 items-center justify-center rounded-full text-base ${result.ok ? 'bg-primary text-on-primary' : 'bg-red-700 text-white'}`}>
            {result.ok ? '✓' : '✗'}
          </span>
          {t(result.ok ? 'verify.ok' : 'verify.bad')}
        </p>
        <p className="mt-1 text-sm">{t(result.ok ? 'verify.okDetail' : 'verify.badDetail')}</p>
      </div>
      <p className="mt-3 text-sm text-muted">{t('verify.summary', { count: result.entries, tickets: result.tickets, holders: result.holders })}</p>
      <ol className="mt-2 space-y-2 text-sm">
        {result.steps.map((step, i) => (
          <li key={i} className="flex gap-2" data-step={step.step} data-ok={step.ok}>
            <span aria-hidden="true" className={`mt-0.5 shrink-0 font-bold ${step.ok ? 'text-primary' : 'text-red-700'}`}>{step.ok ? '✓' : '✗'}</span>
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="sr-only">{t(step.ok ? 'verify.stepOk' : 'verify.stepBad')}: </span>
              {stepText(step, t)}
              {(step.step === 'seed' || step.step === 'list') && <Fingerprints step={step} t={t} />}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The fingerprints a hash step compared: the one computed here and, when it differs, the published one. */
function Fingerprints({ step, t }: { step: Extract<CheckStep, { step: 'seed' | 'list' }>; t: Translate }) {
  const code = 'mt-0.5 block rounded bg-background px-1.5 py-0.5 font-mono text-xs break-all';
  return (
    <dl className="mt-1 space-y-1">
      <div><dt className="text-xs text-muted">{t('verify.computed')}</dt><dd><code className={code}>{step.params.computed}</code></dd></div>
      {!step.ok && <div><dt className="text-xs text-muted">{t('verify.published')}</dt><dd><code className={code}>{step.params.published}</code></dd></div>}
    </dl>
  );
}

function stepText(step: CheckStep, t: Translate): string {
  switch (step.step) {
    case 'seed': return t(step.ok ? 'verify.check.seed.ok' : 'verify.check.seed.bad', step.params);
    case 'list': return t(step.ok ? 'verify.check.list.ok' : 'verify.check.list.bad', step.params);
    case 'count': return t(step.ok ? 'verify.check.count.ok' : 'verify.check.count.bad', step.params);
    case 'beacon': return t(step.ok ? 'verify.check.beacon.ok' : 'verify.check.beacon.bad', step.params);
    case 'winner':
      if (step.ok) return t('verify.check.winner.ok', step.params);
      return t(step.params.published ? 'verify.check.winner.bad' : 'verify.check.winner.missing', step.params);
    case 'winners': return t(step.ok ? 'verify.check.winners.ok' : 'verify.check.winners.bad', step.params);
  }
}
