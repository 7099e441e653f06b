import type en from '../en/quiz.ts';

// Quizzes (trivia): questions, answers, results.
const es: Record<keyof typeof en, string> = {
};

export default es;
