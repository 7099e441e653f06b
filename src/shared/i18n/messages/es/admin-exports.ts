import type en from '../en/admin-exports.ts';

// La página de exportaciones de la consola (/admin/exports). Mismas claves que en/admin-exports.ts.
export default {
  'adminExports.nav': 'Exportaciones',
  'adminExports.title': 'Exportaciones',
  'adminExports.intro': 'Descarga aficionados y puntos como archivos CSV para una hoja de cálculo. Los días son los del club; cada descarga queda en el registro de auditoría.',
  'adminExports.members.title': 'Aficionados',
  'adminExports.members.intro': 'Todos los que se unieron en el periodo: correo, usuario, nombres, ambos saldos, cuándo se unieron y si están bloqueados.',
  'adminExports.members.download': 'Descargar aficionados (CSV)',
  'adminExports.ledger.title': 'Movimientos de puntos',
  'adminExports.ledger.intro': 'Cada movimiento de puntos del periodo: cuándo, quién, por qué, cuántos y los saldos después.',
  'adminExports.ledger.download': 'Descargar movimientos (CSV)',
  'adminExports.from': 'Desde',
  'adminExports.to': 'Hasta',
  'adminExports.open': 'Deja una fecha vacía para empezar desde el principio o terminar hoy.',
  'api.exports.period': 'La fecha de inicio debe ser igual o anterior a la de fin.',
} satisfies Record<keyof typeof en, string>;
