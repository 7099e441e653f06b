// Quizzes (trivia): questions, answers, results.
// English is the source of every key; es/quiz.ts must define the same keys.
export default {
};
