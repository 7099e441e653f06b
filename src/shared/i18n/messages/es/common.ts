import type en from '../en/common.ts';

// Words shared by many screens: point terms, generic buttons and errors.
const es: Record<keyof typeof en, string> = {
  'common.close': 'Cerrar',
  'toast.region': 'Notificaciones',
  'session.signedOut': 'Tu sesión ha terminado, quizá en otro dispositivo. Inicia sesión para seguir.',
  'session.signIn': 'Iniciar sesión',
  'birthday.title': 'Feliz cumpleaños',
  'birthday.bonus': 'Un regalo de cumpleaños de parte de todos nosotros.',
  'points.term_one': 'punto',
  'points.term_other': 'puntos',
};

export default es;
