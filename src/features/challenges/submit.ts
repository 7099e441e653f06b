import { useState, type SubmitEvent } from 'react';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import { RESPONSE_INDEX_FIELD, submitterIndex } from './answer-form.ts';

/** What an answer form takes from its page: where it posts without JavaScript (the answer action, src/actions/challenges.ts). */
export interface AnswerAction {
  action: string;
}

export interface AwardDisplay {
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/**
 * Sends an answer form from an island to the answer action, as the page posts it without JavaScript:
 * the answer with its toast, or the refusal's words. `fields`: what the island sets itself (the button pressed).
 */
export function sendAnswerForm(form: HTMLFormElement, failed: string, fields?: Record<string, string>) {
  return submitAction((actions) => actions.challenges.answer, form, failed, fields);
}

type AnswerData = NonNullable<Awaited<ReturnType<typeof sendAnswerForm>>['data']>;

/**
 * An option form (a poll's or a pick'em's buttons): the button pressed is the answer, sent once at a
 * time; a refusal's words are kept for showing beside the buttons; `answered` takes an accepted answer.
 */
export function useOptionAnswer(failed: string, error: string | null | undefined, answered: (responseIndex: number, data: AnswerData) => void) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(error ?? '');
  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const responseIndex = submitterIndex(event.nativeEvent);
    if (responseIndex === undefined || busy) return;
    setBusy(true);
    setMessage('');
    const { data, refusal } = await sendAnswerForm(event.currentTarget, failed, { [RESPONSE_INDEX_FIELD]: String(responseIndex) });
    setBusy(false);
    if (!data) return setMessage(refusal.message);
    answered(responseIndex, data);
  }
  return { busy, message, submit };
}
