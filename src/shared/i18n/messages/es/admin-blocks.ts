// Bloquear, desbloquear y cerrar todas las sesiones de un aficionado en la consola (BlockForm.astro), y las
// negativas de la API de administración para ello. Las mismas claves que en/admin-blocks.ts.
export default {
  'admin.blocks.title': 'Bloquear y cerrar sesiones',
  'admin.blocks.notBlocked': 'No está bloqueado: este aficionado puede entrar, ganar, gastar y participar.',
  'admin.blocks.blockedSince': 'Bloqueado desde el {date}.',
  'admin.blocks.blockedReason': 'Motivo: {reason}',
  'admin.blocks.blockedEffect': 'No puede entrar, ganar, gastar ni participar. Al desbloquearlo lo recupera todo: su saldo y su historial no se tocan.',
  'admin.blocks.reason': 'Motivo del bloqueo',
  'admin.blocks.reasonHint': 'Hasta 300 caracteres, para el personal y el registro de auditoría. Al aficionado solo se le dice que el club ha bloqueado la cuenta y que contacte con el club.',
  'admin.blocks.block': 'Bloquear aficionado',
  'admin.blocks.blockEffect': 'Al bloquearlo se cierran todas sus sesiones al instante.',
  'admin.blocks.changeReason': 'Cambiar el motivo',
  'admin.blocks.unblock': 'Desbloquear aficionado',
  'admin.blocks.signOut': 'Cerrar todas las sesiones',
  'admin.blocks.signOutHint': 'Cierra todas las sesiones de este aficionado, en todos sus dispositivos. Puede volver a entrar (salvo que esté bloqueado).',
  'admin.blocks.blocked_one': 'Aficionado bloqueado. Se ha cerrado {count} sesión.',
  'admin.blocks.blocked_other': 'Aficionado bloqueado. Se han cerrado {count} sesiones.',
  'admin.blocks.unblocked': 'Aficionado desbloqueado: puede volver a entrar.',
  'admin.blocks.signedOut_one': 'Sesiones cerradas en todas partes: se ha cerrado {count} sesión.',
  'admin.blocks.signedOut_other': 'Sesiones cerradas en todas partes: se han cerrado {count} sesiones.',

  'api.blocks.notFound': 'No hay ningún aficionado del club con este identificador.',
  'api.blocks.reasonMissing': 'Escribe por qué bloqueas a este aficionado.',
  'api.blocks.reasonLong': 'El motivo puede tener como mucho 300 caracteres.',
};
