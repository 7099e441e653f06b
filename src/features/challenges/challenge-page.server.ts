// One challenge's page, for both of its addresses (/challenges/{tab}/{id} and /challenges/feedback/{id}):
// the challenge, where to go next, and the answer posted without JavaScript.
import type { AstroGlobal } from 'astro';
import { newFormKey, readPostedForm, redirectAfterPost } from '~/lib/forms/form-action.server.ts';
import { answerFromForm } from './answer-form.server.ts';
import { challengeHref, sectionOf, type ChallengeSection } from './challenge.ts';
import { getChallenge, listChallenges, type Challenge } from './challenges.api.ts';
import { nextChallenge, type NextChallenge } from './open-challenges.ts';
import { handleQuizPost } from './quiz-form.server.ts';
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
  const { api, t, terms, user, locale } = astro.locals;
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
  // A quiz answer goes to its own handler: it returns to that answer's result or to the results screen.
  if (challenge.subtype === 'trivia') {
    const quizPost = await handleQuizPost(astro, challenge);
    if (quizPost instanceof Response) return quizPost;
    return { ...data, refusal: quizPost ?? null };
  }
  const form = await readPostedForm(astro);
  if (!form) return data;
  const answered = await answerFromForm(api, challenge, form, { t, terms, locale, underage: user?.underage ?? false }, user);
  if (answered.ok) return redirectAfterPost(astro, answered.toast, `${astro.url.pathname}${astro.url.search}#${ANSWER_ANCHOR}`);
  astro.response.status = answered.status;
  return { ...data, error: answered.message, draft: answered.draft };
}
