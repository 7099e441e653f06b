import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { RESPONSE_FIELD } from './answer-form.ts';
import { fill } from './fill.tsx';
import { AnswerFields } from './AnswerFields.tsx';
import { NextStep } from './NextStep.tsx';
import type { NextChallenge } from './open-challenges.ts';
import { sendAnswerForm, type AnswerAction, type AwardDisplay } from './submit.ts';

export interface TextAnswerProps extends AwardDisplay, AnswerAction {
  challengeId: string;
  /** The text sent earlier, if any. */
  answered: string | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
  /** keyword: a one-line field; feedback: a textarea. */
  kind: 'keyword' | 'feedback';
  /** The page's `challenges.*` messages. */
  messages: Partial<Messages>;
  /** The no-script form's idempotency key. */
  formKey: string;
  /** A refusal of the form posted without JavaScript, shown beside the field. */
  error?: string | null;
  /** The text of that refused post, put back in the field. */
  draft?: string | null;
  /** Where to go once answered. */
  next: NextChallenge | null;
}

/** The API's limit on a feedback text (server FEEDBACK_MAX). */
export const FEEDBACK_MAX_LENGTH = 2000;

/**
 * Keyword and feedback challenges: one text answer in a form that works without JavaScript; once
 * hydrated the island sends the same form to the same action, in place. A refusal (a wrong keyword: 422) shows beside the field.
 */
export function TextAnswer({
  challengeId, answered, closed, kind, messages, formKey, action, error = null, draft = null, next, ...award
}: TextAnswerProps) {
  const t = translator(messages, award.locale);
  const [text, setText] = useState(draft ?? '');
  const [sent, setSent] = useState(answered);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(error ?? '');
  const [justSent, setJustSent] = useState(false);
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justSent) result.current?.focus();
  }, [justSent]);

  async function send(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage('');
    const response = text;
    const { data, refusal } = await sendAnswerForm(event.currentTarget, t('challenges.answer.failed'), { [RESPONSE_FIELD]: response });
    setBusy(false);
    if (!data) return setMessage(refusal.message);
    setSent(response.trim());
    setJustSent(true);
    afterAward(data.standing, data.toast, { messages, locale: award.locale });
  }

  if (sent !== null) {
    return (
      <>
        <p ref={result} tabIndex={-1} role="status" className="mt-4 rounded-lg bg-surface p-4 outline-none focus-visible:outline-2 focus-visible:outline-primary">
          {kind === 'keyword' ? fill(t('challenges.keyword.done'), 'keyword', <strong>{sent}</strong>) : t('challenges.feedback.done')}
        </p>
        {/* A post refused because it was answered meanwhile (another tab): the page shows how it stands, and why. */}
        {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
        <NextStep next={next} t={t} />
      </>
    );
  }
  if (closed) {
    return (
      <>
        <p className="mt-4 rounded-lg bg-surface p-4">{t('challenges.answer.closed')}</p>
        {message && message !== t('challenges.answer.closed') && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
        <NextStep next={next} t={t} />
      </>
    );
  }
  const fieldId = `${kind}-${challengeId}`;
  const errorId = `${fieldId}-error`;
  const field = {
    id: fieldId, name: RESPONSE_FIELD, value: text, required: true, 'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : undefined,
    // A refused post re-renders the page: the field takes focus (and the view), with the refusal beside it.
    autoFocus: !!error,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    className: 'mt-1 w-full rounded-md border border-black/40 bg-surface px-3 py-2',
  };
  return (
    <form method="post" action={action} className="mt-4" onSubmit={(e) => void send(e)}>
      <AnswerFields challengeId={challengeId} answer="input" formKey={formKey} />
      <label htmlFor={fieldId} className="font-semibold">{kind === 'keyword' ? t('challenges.keyword.label') : t('challenges.feedback.label')}</label>
      {kind === 'keyword'
        ? <input {...field} type="text" autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={200} />
        : <textarea {...field} rows={5} maxLength={FEEDBACK_MAX_LENGTH} />}
      {message && <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">{message}</p>}
      <Button type="submit" className="mt-3 w-full" disabled={busy} aria-busy={busy || undefined}>
        {kind === 'keyword' ? t('challenges.keyword.submit') : t('challenges.feedback.submit')}
      </Button>
    </form>
  );
}

type OneKindProps = Omit<TextAnswerProps, 'kind'>;

/** A keyword challenge: a text field; a wrong keyword (422) says so beside it. */
export const KeywordAnswer = (props: OneKindProps) => <TextAnswer {...props} kind="keyword" />;

/** The feedback challenge: a textarea. */
export const FeedbackAnswer = (props: OneKindProps) => <TextAnswer {...props} kind="feedback" />;
