import type en from '../en/admin-membership.ts';

// La consola de niveles de membresía (/admin/membership).
const es: Record<keyof typeof en, string> = {
  'adminMembership.nav': 'Niveles de membresía',
  'adminMembership.title': 'Niveles de membresía',
  'adminMembership.intro': 'Los niveles que la afición elige al unirse y en su página de membresía. Cada uno conserva su nombre corto y si es de pago; escribe su nombre, qué es, sus ventajas y su precio tal como lo lee la afición. Una casilla en español que quede vacía muestra el inglés. No se cobra nada: elegir un nivel de pago registra una solicitud.',
  'adminMembership.kind.paid': 'Nivel de pago',
  'adminMembership.kind.free': 'Nivel gratuito',
  'adminMembership.field.name': 'Nombre',
  'adminMembership.field.description': 'Qué es',
  'adminMembership.field.perks': 'Ventajas, una por línea (hasta 8)',
  'adminMembership.field.priceLabel': 'Precio, tal como se muestra',
  'adminMembership.save': 'Guardar {name}',
  'adminMembership.saved': '{name} guardado.',
};

export default es;
