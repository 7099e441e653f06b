import type en from '../en/operators.ts';

export default {
  'admin.role.owner': 'Propietario',
  'admin.role.editor': 'Editor',
  'admin.role.support': 'Atención',

  'mail.operatorInvite.subject': 'Te invitan a gestionar {club} en Terrace',
  'mail.operatorInvite.heading': 'Únete al equipo de {club}',
  'mail.operatorInvite.body': '{by} te ha añadido a la consola del club como {role}.',
  'mail.operatorInvite.how': 'Entra con esta dirección de correo: te enviamos un código cada vez, sin contraseña.',
  'mail.operatorInvite.button': 'Abrir la consola',
  'mail.operatorInvite.footer': 'Enviado por la consola de {club}. Si no lo esperabas, puedes ignorarlo.',

  'api.operator.signIn': 'Entra en la consola: esta sesión ha terminado o esta clave de API es desconocida o está revocada.',
  'api.operator.supporter': 'Esta es la consola del equipo del club: la sesión de un aficionado no la abre.',
  'api.operator.notStaff': 'Esta dirección no forma parte del equipo del club. Pide a un propietario que te invite.',
  'api.operator.forbidden': 'Tu rol no permite hacer esto. Pregunta a un propietario del club.',
  'api.operator.exists': 'Esta dirección ya forma parte del equipo: cambia su rol.',
  'api.operator.lastOwner': 'El club necesita al menos un propietario: haz propietario a otra persona primero.',
  'api.operator.notFound': 'No hay ningún operador con este id: la lista puede haber cambiado, recárgala.',
  'api.operator.role': 'Elige un rol: propietario, editor o atención.',
  'api.operator.notSession': 'Una clave de API no tiene sesión que cerrar: revoca la clave.',
  'api.apiKey.notFound': 'No hay ninguna clave de API con este id: la lista puede haber cambiado, recárgala.',
  'api.apiKey.name': 'Pon a la clave un nombre de 1 a 80 caracteres para distinguirla.',
  'api.audit.cursor': 'El enlace de esta página no es válido: vuelve a la primera página.',
  'api.audit.date': 'Escribe la fecha como AAAA-MM-DD.',
} satisfies Record<keyof typeof en, string>;
