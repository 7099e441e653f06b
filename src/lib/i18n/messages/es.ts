import type { Messages } from './en.ts';

const es: Messages = {
  'shell.skipToContent': 'Saltar al contenido',
  'shell.mainNavigation': 'Principal',
  'tabs.dashboard': 'Inicio',
  'tabs.challenges': 'Retos',
  'tabs.media': 'Multimedia',
  'tabs.sweepstakes': 'Sorteos',
  'tabs.profile': 'Perfil',
  'error.title': 'Lo sentimos, no se puede encontrar esta página',
  'error.goBackHome': 'Volver al inicio',
  'error.notFound': 'Página no encontrada',
  'error.invalidRoute': 'Página no encontrada: {path}',
  'error.serverError': 'Algo salió mal',
  'toast.region': 'Notificaciones',
  'common.close': 'Cerrar',
  'birthday.title': 'Feliz cumpleaños',
  'birthday.bonus': 'Un regalo de cumpleaños de parte de todos nosotros.',
  'profile.birthdayHint': 'Una vez indicada, puedes cambiar tu fecha de cumpleaños una sola vez.',
  'profile.birthdayLocked': 'Tu fecha de cumpleaños ya se ha cambiado una vez. Para corregirla, ponte en contacto con el club.',
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.save': 'Cambiar idioma',
};

export default es;
