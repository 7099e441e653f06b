import type en from '../en/videos.ts';

// Videos and playlists: the list, the video page, its player and watch toast, the playlist pages.
const es: Record<keyof typeof en, string> = {
  'api.videos.notFound': 'Vídeo no encontrado',
  'api.videos.badChecksum': 'No hemos podido verificar esta reproducción. Vuelve a reproducir el vídeo desde el principio.',
  'api.videos.ticketExpired': 'Empezaste a ver este vídeo hace demasiado tiempo. Vuelve a reproducirlo desde el principio.',
  'api.videos.tooEarly_one': 'Sigue viéndolo: la reproducción cuenta dentro de {count} segundo.',
  'api.videos.tooEarly_other': 'Sigue viéndolo: la reproducción cuenta dentro de {count} segundos.',
  'api.playlists.notFound': 'Lista de reproducción no encontrada',
  'api.media.videoNotFound': 'No hay ningún vídeo llamado {name}.',
  'api.media.rangeNotSatisfiable': 'El rango empieza después del final del archivo ({size} bytes).',
};

export default es;
