// Answering a challenge, said once: a poll vote, a pick'em pick, a keyword, feedback and a quiz answer
// are one form contract (src/features/challenges/answer-form.ts) posted to the challenge's page without
// JavaScript (`?_action=challenges.answer`), and sent by the answer islands to the same action.
import { ActionError, defineAction } from 'astro:actions';
import { CHALLENGE_FIELD, submissionOf } from '~/features/challenges/answer-form.ts';
import { answerToast, refusalMessage } from '~/features/challenges/answer-messages.ts';
import { getChallenge, submitChallenge } from '~/features/challenges/challenges.api.ts';
import { refusalText } from '~/features/challenges/quiz-refusal.ts';
import { quizToast } from '~/features/challenges/quiz-toast.ts';
import { field, idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const challenges = {
  /**
   * POST /challenge/{id} with the answer the form stands for; the answer, and its toast (without the
   * level-up, said by the caller). The form is read by the contract's one reader, not by a schema here.
   */
  answer: defineAction({
    accept: 'form',
    handler: async (form, context) => {
      const { api, t, terms, locale, user } = signedIn(context);
      const id = field(form, CHALLENGE_FIELD);
      const challenge = id ? await callApi(context, getChallenge(api, id), () => t('challenges.answer.failed')) : undefined;
      if (!challenge) throw new ActionError({ code: 'NOT_FOUND', message: t('challenges.answer.failed') });
      const quiz = challenge.subtype === 'trivia';
      const submission = submissionOf(form);
      if (!submission) {
        throw new ActionError(quiz ? { code: 'BAD_REQUEST', message: t('quiz.error.generic') } : { code: 'UNPROCESSABLE_CONTENT', message: t('challenges.answer.unreadable') });
      }
      const result = await callApi(context, submitChallenge(api, challenge.challengeId, submission, { headers: idempotencyHeaders(form) }),
        (problem) => (quiz
          ? refusalText(t, problem.status >= 500 ? 'network' : problem.code, problem.message)
          : refusalMessage(problem.status >= 500 ? undefined : problem, challenge.subtype, t)));
      const display = { t, terms, underage: user.underage, locale };
      return { ...result, toast: quiz ? quizToast(result, t, display) : answerToast(challenge, submission, result, display) };
    },
  }),
};
