import type en from '../en/quiz.ts';

// Quizzes (trivia): questions, answers, results.
const es: Record<keyof typeof en, string> = {
  'quiz.progress': 'Pregunta {number} de {total}',
  'quiz.upTo': 'Hasta {total}',
  'quiz.progressLabel': 'Preguntas respondidas',
  'quiz.result.saved': 'Respuesta guardada. Verás qué respuestas son correctas cuando respondas la última pregunta.',
  'quiz.changeHint': 'Puedes cambiar tus respuestas hasta que respondas la última pregunta.',
  'quiz.answersHeading': 'Tus respuestas',
  'quiz.yourAnswer': 'Tu respuesta: {answer}',
  'quiz.correct': 'Correcta',
  'quiz.incorrect': 'Incorrecta',
  'quiz.changeAnswer': 'Cambiar respuesta',
  'quiz.currentChoice': 'tu respuesta',
  'quiz.sending': 'Enviando tu respuesta…',
  'quiz.toast.complete': 'Cuestionario completado',
  'quiz.toast.answered': 'Respuesta guardada',
  'quiz.results.heading': '¡Cuestionario completado!',
  'quiz.results.closedHeading': 'Este cuestionario está cerrado',
  'quiz.results.closedText': 'Se cerró antes de que todas las preguntas tuvieran respuesta, así que no ha dado puntos.',
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
