import type en from '../en/quiz.ts';

// Quizzes (trivia): questions, answers, results.
const es: Record<keyof typeof en, string> = {
  'quiz.progress': 'Pregunta {number} de {total}',
  'quiz.progressLabel': 'Preguntas respondidas',
  'quiz.scoreSoFar': 'Puntuación: {score} de {total}',
  'quiz.correctSoFar': '{count} de {total} acertadas',
  'quiz.result.correct': '¡Correcto! Esta respuesta te da {points}.',
  'quiz.result.correctPlain': '¡Correcto!',
  'quiz.result.incorrect': 'Esta vez no.',
  'quiz.changeHint': 'Puedes cambiar tus respuestas hasta que respondas la última pregunta.',
  'quiz.answersHeading': 'Tus respuestas',
  'quiz.yourAnswer': 'Tu respuesta: {answer}',
  'quiz.correct': 'Correcta',
  'quiz.incorrect': 'Incorrecta',
  'quiz.changeAnswer': 'Cambiar respuesta',
  'quiz.currentChoice': 'tu respuesta',
  'quiz.sending': 'Enviando tu respuesta…',
  'quiz.toast.correct': 'Respuesta correcta',
  'quiz.toast.changed': 'Respuesta cambiada',
  'quiz.toast.complete': 'Cuestionario completado',
  'quiz.toast.answered': 'Respuesta guardada',
  'quiz.results.heading': '¡Cuestionario completado!',
  'quiz.results.closedHeading': 'Este cuestionario está cerrado',
  'quiz.results.scoreLabel': 'Tu puntuación',
  'quiz.results.score': '{score} de {total}',
  'quiz.results.correctCount': '{count} de {total} respuestas correctas',
  'quiz.results.locked': 'Tus respuestas ya son definitivas.',
  'quiz.next.label': 'Siguiente reto',
  'quiz.next.none': 'Has respondido a todos los retos abiertos. Pronto llegarán más.',
  'quiz.next.all': 'Ver todos los retos',
  'quiz.error.closed': 'Este cuestionario está cerrado.',
  'quiz.error.generic': 'Algo ha salido mal. Inténtalo de nuevo.',
};

export default es;
