// One challenge's page, for both of its addresses (/challenges/{tab}/{id} and /challenges/feedback/{id}):
// the challenge, where to go next, and the answer posted without JavaScript (to the answer action,
// src/actions/challenges.ts, whose result the page answers).
import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import { answerAction, field, newFormKey, readPostedForm } from '~/lib/forms/form-action.server.ts';
import { QUESTION_ID_FIELD, RESPONSE_FIELD } from './answer-form.ts';
import { challengeHref, sectionOf, type ChallengeSection } from './challenge.ts';
import { getChallenge, listChallenges, type Challenge } from './challenges.api.ts';
import { nextChallenge, type NextChallenge } from './open-challenges.ts';
import { quizRedirect } from './quiz-form.server.ts';
import type { QuizRefusal } from './quiz-refusal.ts';

/** Where the answer sits on the page: a no-script answer returns there, so the result is in view (and focus starts there). */
export const ANSWER_ANCHOR = 'answer';

export interface ChallengePageData {
  challenge: Challenge;
  next: NextChallenge | null;
  /** The no-script form's idempotency key: a new one for each render. */
  formKey: string;
  /** A refused post: its message (shown beside the form) and the text to put back. */
  error: string | null;
  draft: string | null;
  /** A refused quiz answer: which question, and why (the quiz shows it beside that question). */
  refusal: QuizRefusal | null;
}

/**
 * The page's data, or the answer the page must return instead: a 404, a permanent redirect to the
 * challenge's own address, or (after an accepted post) a 303 back to the page with a toast.
 */
export async function loadChallengePage(astro: AstroGlobal, section: ChallengeSection): Promise<ChallengePageData | Response> {
  const { api, t, user } = astro.locals;
  const id = astro.params['challenge'] ?? '';
  // The list is only for "what next": without it the page still works, its way on is the list.
  const [challenge, list] = await Promise.all([getChallenge(api, id), listChallenges(api).catch(() => null)]);
  if (!challenge) {
    astro.locals.notFound = { path: astro.url.pathname };
    return astro.rewrite('/404');
  }
  // A challenge reached under another section's path moves to its own.
  if (sectionOf(challenge.subtype) !== section) return astro.redirect(challengeHref(challenge), 301);

  const data: ChallengePageData = {
    challenge, next: list ? nextChallenge(list, challenge.challengeId) : null, formKey: newFormKey(), error: null, draft: null, refusal: null,
  };
  const result = astro.getActionResult(actions.challenges.answer);
  if (!result) return data;
  // What was posted: a quiz answer returns to its result, a refused text is put back in its field.
  const form = await readPostedForm(astro);
  const posted = (name: string) => (form && typeof form.get(name) === 'string' ? field(form, name) : null);
  const quiz = challenge.subtype === 'trivia';
  const to = quiz && result.data ? quizRedirect(astro.url, posted(QUESTION_ID_FIELD) ?? '', result.data) : `${astro.url.pathname}#${ANSWER_ANCHOR}`;
  const answered = answerAction(astro, result, (answer) => awardToast(answer.toast, newRankOf(user, answer.standing), t), to);
  if (answered instanceof Response) return answered;
  const message = answered.refusal ?? t('challenges.answer.failed');
  if (quiz) return { ...data, refusal: { questionId: posted(QUESTION_ID_FIELD) || null, message } };
  return { ...data, error: message, draft: posted(RESPONSE_FIELD) };
}
