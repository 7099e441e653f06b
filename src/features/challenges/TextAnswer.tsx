import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { submitAnswer, toastAward, type AwardDisplay } from './submit.ts';

export interface TextAnswerProps extends AwardDisplay {
  challengeId: string;
  /** The text sent earlier, if any. */
  answered: string | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
  /** keyword: a one-line field; feedback: a textarea. */
  kind: 'keyword' | 'feedback';
}

const COPY = {
  keyword: { label: 'Keyword', submit: 'Submit', thanks: 'Keyword found', done: 'You found the keyword' },
  feedback: { label: 'Your feedback', submit: 'Send feedback', thanks: 'Thanks for your feedback', done: 'Thanks for your feedback' },
} as const;

/** Keyword and feedback challenges: one text answer. Errors (a wrong keyword: 422) show beside the field. */
export function TextAnswer({ challengeId, answered, closed, kind, ...award }: TextAnswerProps) {
  const [text, setText] = useState('');
  const [sent, setSent] = useState(answered);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const copy = COPY[kind];

  async function send(event: { preventDefault(): void }): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    const result = await submitAnswer(challengeId, { input: { response: text } });
    setBusy(false);
    if (!result.ok) return setMessage(result.message);
    setSent(text);
    toastAward(result.data.pointsAwarded, copy.thanks, award);
  }

  if (sent !== null) {
    return (
      <p role="status" className="mt-4 rounded-lg bg-surface p-4">
        {copy.done}{kind === 'keyword' && sent ? <>: <strong>{sent}</strong></> : '.'}
      </p>
    );
  }
  if (closed) return <p className="mt-4 rounded-lg bg-surface p-4">This challenge has closed.</p>;
  const fieldId = `${kind}-${challengeId}`;
  const errorId = `${fieldId}-error`;
  const field = {
    id: fieldId, value: text, required: true, 'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    className: 'mt-1 w-full rounded-md border border-black/20 bg-surface px-3 py-2',
  };
  return (
    <form className="mt-4" onSubmit={(e) => void send(e)}>
      <label htmlFor={fieldId} className="font-semibold">{copy.label}</label>
      {kind === 'keyword'
        ? <input {...field} type="text" autoComplete="off" maxLength={200} />
        : <textarea {...field} rows={5} maxLength={10_000} />}
      {message && <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">{message}</p>}
      <Button type="submit" className="mt-3 w-full" disabled={!ready || busy || !text.trim()} aria-busy={busy || undefined}>
        {copy.submit}
      </Button>
    </form>
  );
}

type OneKindProps = Omit<TextAnswerProps, 'kind'>;

/** A keyword challenge: a text field; a wrong keyword (422) says so beside it. */
export const KeywordAnswer = (props: OneKindProps) => <TextAnswer {...props} kind="keyword" />;

/** The feedback challenge: a textarea. */
export const FeedbackAnswer = (props: OneKindProps) => <TextAnswer {...props} kind="feedback" />;
