import type en from '../en/account.ts';

// Welcome, language, SSO and sign-out pages.
const es: Record<keyof typeof en, string> = {
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.save': 'Cambiar idioma',
  'language.intro': 'Elige el idioma de la app y de los correos que te envía.',
  'language.invalid': 'Elige uno de los idiomas de la lista.',
  'welcome.title': 'Te damos la bienvenida',
  'welcome.greetingName': '¡Te damos la bienvenida, {name}!',
  'welcome.greetingClub': '¡Te damos la bienvenida a {club}!',
  'welcome.intro': 'Así funciona el club de aficionados de {club}.',
  'welcome.earnTitle': 'Cómo ganar {points}',
  'welcome.checkinTitle': 'Haz check-in cada día',
  'welcome.checkinText': 'Cada check-in diario te da {points}; no pierdas la racha.',
  'welcome.challengesTitle': 'Responde a los retos',
  'welcome.challengesText': 'Encuestas, pronósticos, cuestionarios, juegos arcade y palabras clave.',
  'welcome.videosTitle': 'Mira vídeos',
  'welcome.videosText': 'Resúmenes, entrevistas y lo que pasa entre bastidores.',
  'welcome.readTitle': 'Lee y descubre',
  'welcome.readText': 'Artículos e historias del club.',
  'welcome.spend': 'Gasta tus {points} en participaciones para los sorteos de premios del club.',
  'welcome.ranksTitle': 'Sube de rango',
  'welcome.ranksText': 'Todo el mundo empieza en {first}. Cuantos más {points} sumes en total, más subirás, hasta llegar a {last}.',
  'welcome.start': '¡Vamos!',
  'sso.title': 'Acceso al foro',
  'sso.continuing': 'Ya has iniciado sesión. Te llevamos de vuelta al foro del club…',
  'sso.continue': 'Continuar al foro',
  'sso.failed': 'No hemos podido iniciar tu sesión en el foro del club.',
  'sso.backToDashboard': 'Volver a tu panel',
};

export default es;
