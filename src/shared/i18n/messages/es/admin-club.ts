// La parte del club en la consola (issue 24): tarjetas de premios, activaciones, experiencias, sorteos y
// los ajustes del club; las negativas de la API de administración. Mismas claves que en/admin-club.ts.
export default {
  'api.club.notFound': 'Aquí no hay nada con este id: puede que la lista haya cambiado, vuelve a cargarla.',
  'api.club.slugTaken': 'Otro elemento de este club ya tiene esta dirección (slug).',
  'api.club.endsBeforeStart': 'El final debe ser posterior al inicio.',
  'api.club.placesTaken': 'Menos plazas de las que los aficionados ya han ocupado.',
  'api.club.sweepstakeStarted': 'Este sorteo ya ha empezado (o se ha sorteado o cancelado): puede haber participaciones, así que ya no puede cambiar.',
  'api.club.sweepstakeLive': 'Este sorteo está en curso: cancélalo (se devuelven las participaciones) antes de archivarlo.',
  'api.club.drawUnpublished': 'Este sorteo nunca se publicó: no hay nada que sortear.',
  'sweepstakes.pdf.clubRulesHeading': 'Otras normas del club',
} as const;
