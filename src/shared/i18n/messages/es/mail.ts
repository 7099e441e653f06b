import type en from '../en/mail.ts';

// E-mails and their subjects.
const es: Record<keyof typeof en, string> = {
  'mail.signIn.subject': 'Tu código para entrar en {club}: {code}',
  'mail.signIn.preview': 'Escribe este código en la app para entrar.',
  'mail.signIn.heading': 'Entra en {club}',
  'mail.signIn.intro': 'Tu código para entrar es:',
  'mail.signIn.validity_one': 'Sirve una sola vez durante {count} minuto.',
  'mail.signIn.validity_other': 'Sirve una sola vez durante {count} minutos.',
  'mail.signIn.button': 'Iniciar sesión',
  'mail.signIn.linkIntro': 'O abre este enlace para entrar:',
  'mail.signIn.ignore': 'Si no lo has pedido tú, ignora este correo: nadie puede entrar sin el código.',
  'mail.signIn.footer': 'Enviado por la app de aficionados de {club}.',
};

export default es;
