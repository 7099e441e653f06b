import type en from '../en/admin-challenges.ts';

// La consola de retos: los rechazos de la API de administración y las palabras de la consola.
export default {
  'api.adminChallenges.notFound': 'No hay ningún reto con este id: puede que la lista haya cambiado, vuelve a cargarla.',
  'api.adminChallenges.options': 'Escribe al menos dos opciones, cada una con su texto.',
  'api.adminChallenges.questions': 'Escribe al menos una pregunta, cada una con dos opciones o más y su respuesta correcta.',
  'api.adminChallenges.answer': 'Escribe la palabra clave que deben enviar los aficionados.',
  'api.adminChallenges.game': 'Escribe las reglas del juego: duración, puntuación máxima, puntuación más rápida y los puntos por puntuación.',
  'api.adminChallenges.kickoff': 'Indica la hora del saque inicial: los pronósticos se cierran entonces.',
  'api.adminChallenges.expiresBeforeVisible': 'El final debe ser posterior al inicio.',
  'api.adminChallenges.time': 'Indica una fecha y hora, p. ej. 2026-05-01T18:00:00Z.',
  'api.adminChallenges.subtypeFixed': 'El tipo de un reto no puede cambiar: duplícalo como otro tipo.',
  'api.adminChallenges.correctIndex': 'Elige una de las opciones de la pregunta como respuesta correcta.',
  'api.adminChallenges.questionIds': 'Dos preguntas tienen el mismo id: da a cada una el suyo.',
} satisfies Record<keyof typeof en, string>;
