import type { Challenge, TriviaStatus } from './challenges.api.ts';

/** A question as the API sends it, without the supporter's answer (that is in the status). */
export type QuizQuestion = Omit<NonNullable<Challenge['challengeType']>['questions'][number], 'triviaUserResponse'>;
export type QuizAnswerState = TriviaStatus['answers'][number];

/** Where the next challenge link on the results screen goes: chosen on the server (./quiz-next.ts). */
export interface NextChallenge {
  title: string;
  href: string;
  /** Its points; null when they depend on the answer (a pick'em). */
  points: number | null;
}

/**
 * What the quiz screen shows, read from the questions and the status the API answered (the server
 * decides what is right, the score and when the quiz is complete; this only arranges it).
 */
export function quizView(questions: QuizQuestion[], status: TriviaStatus | null, closed: boolean) {
  const answers = new Map((status?.answers ?? []).map((a) => [a.questionId, a]));
  const current = questions.find((q) => !answers.has(q.questionId)) ?? null;
  const completed = status?.status === 'completed';
  return {
    answers,
    answered: questions.filter((q) => answers.has(q.questionId)),
    /** The question to answer now; null once finished. */
    current: completed || closed ? null : current,
    /** Results screen: every question answered, or the quiz closed before. */
    finished: completed || closed || current === null,
    completed,
    /** Answers may still change: in progress and open. */
    changeable: !completed && !closed,
    number: current ? questions.indexOf(current) + 1 : questions.length,
    score: status?.score ?? 0,
    maxScore: questions.reduce((sum, q) => sum + q.points, 0),
    correctCount: (status?.answers ?? []).filter((a) => a.correct).length,
    percentAnswered: questions.length ? Math.round((answers.size / questions.length) * 100) : 0,
  };
}
export type QuizView = ReturnType<typeof quizView>;
