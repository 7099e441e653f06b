// Las historias, los vídeos y los artículos de la consola: las negativas de la API (api.adminMedia.*) y las
// páginas de la consola (adminMedia.*). Las mismas claves que en/admin-media.ts.
import type en from '../en/admin-media.ts';

export default {
  'api.adminMedia.stopsBeforeStart': 'El final debe ser posterior al inicio.',
  'api.adminMedia.slugFormat': 'Usa minúsculas, cifras y guiones (hasta 80).',
  'api.adminMedia.slugTaken': 'Ya hay otro elemento con esta dirección.',
  'api.adminMedia.sourceFormat': 'No es un clip guardado ni el identificador de un vídeo de YouTube.',
  'api.adminMedia.watchLongerThanVideo': 'El tiempo de visionado no puede ser mayor que el vídeo.',
  'api.adminMedia.clipMissing': 'No hay ningún clip guardado con este nombre: súbelo primero.',
  'api.adminMedia.bodyEmpty': 'El texto no tiene nada que un aficionado pueda leer.',
  'api.adminMedia.notAClip': 'El archivo no es un vídeo MP4 ni WebM.',
  'api.adminMedia.sendClip': 'Envía un vídeo MP4 o WebM.',
} satisfies Record<keyof typeof en, string>;
