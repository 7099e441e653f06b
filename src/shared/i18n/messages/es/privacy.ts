// Los datos del aficionado (/profile/data): la descarga y el borrado; las negativas de la API. Mismas claves que en/privacy.ts.
import type en from '../en/privacy.ts';

export default {
  'privacy.title': 'Tus datos',
  'privacy.intro': 'Todo lo que la app del club guarda sobre ti: llévate una copia o pide que se borren tus datos personales.',
  'privacy.hub': 'Tus datos',
  'privacy.hubHint': 'Descarga una copia o borra tu cuenta',
  'privacy.download.title': 'Descargar una copia',
  'privacy.download.text': 'Un archivo con tu perfil, tus preferencias y su historial, tus puntos y su motivo, tus participaciones, insignias, respuestas y accesos.',
  'privacy.download.button': 'Descargar mis datos',
  'privacy.erase.title': 'Borrar mis datos personales',
  'privacy.erase.text': 'Se borran tu nombre, correo, cumpleaños, foto y preferencias, y se cierra tu sesión en todas partes. Tu historial de puntos y tus participaciones en sorteos se quedan, sin tu nombre, para que los sorteos del club se puedan comprobar. No se puede deshacer; si vuelves a entrar, empiezas una cuenta nueva.',
  'privacy.erase.confirm': 'Escribe tu correo electrónico para confirmar',
  'privacy.erase.button': 'Borrar mis datos personales',
  'privacy.erase.mismatch': 'Ese no es el correo con el que entraste: escríbelo exactamente para confirmar.',
  'privacy.erase.done': 'Tus datos personales se han borrado.',
  'privacy.admin.heading': 'Sus datos',
  'privacy.admin.download': 'Descargar todo lo que guardamos sobre esta persona (JSON)',
  'privacy.admin.reason': 'Motivo para borrar sus datos personales',
  'privacy.admin.note': 'Se borran su nombre, correo, cumpleaños, foto y preferencias, y se cierra su sesión en todas partes; su historial de puntos y sus participaciones se quedan, anónimos. No se puede deshacer.',
  'privacy.admin.erase': 'Borrar sus datos personales',
  'privacy.admin.erased': 'Sus datos personales se han borrado.',
  'api.privacy.confirm': 'Escribe el correo electrónico de esta cuenta para confirmar.',
  'api.privacy.reason': 'Di por qué, en 1 a 300 caracteres.',
  'api.privacy.notFound': 'Aquí no hay ningún aficionado con este id.',
} satisfies Record<keyof typeof en, string>;
