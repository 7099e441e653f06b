import type en from '../en/articles.ts';

// Articles: the list, the article page and its read form.
const es: Record<keyof typeof en, string> = {
  'articles.latestHeading': 'Últimas noticias',
  'articles.byline': 'Por {author}',
  'articles.readHeading': '¿Has terminado de leer?',
  'articles.readButton': 'Ya lo he leído',
  'articles.readHint': 'Gana {points} por leer este artículo. Tómate tu tiempo: cuenta tras unos {seconds} segundos.',
  'articles.signInToEarn': 'Inicia sesión para ganar {points}',
  'articles.readDone': 'Has ganado {points} por leer este artículo.',
  'articles.readToast': 'Gracias por leer',
  'articles.readFailed': 'No hemos podido registrar tu lectura. Inténtalo de nuevo.',
  'articles.done': 'Leído',
  'api.articles.notFound': 'Artículo no encontrado',
  'api.articles.badChecksum': 'No hemos podido verificar esta lectura. Vuelve a cargar el artículo e inténtalo de nuevo.',
  'api.articles.ticketExpired': 'Esta página es demasiado antigua para registrar tu lectura. Vuelve a cargar el artículo e inténtalo de nuevo.',
  'api.articles.tooEarly_one': 'Has terminado muy rápido. Sigue leyendo {count} segundo más y vuelve a intentarlo.',
  'api.articles.tooEarly_other': 'Has terminado muy rápido. Sigue leyendo {count} segundos más y vuelve a intentarlo.',
};

export default es;
