import type en from '../en/signin.ts';

// Sign-in pages: /login, /login/verify-email.
const es: Record<keyof typeof en, string> = {
  'signin.emailLabel': 'Correo electrónico',
  'signin.codeLabel': 'Código',
  'signin.login.title': 'Iniciar sesión',
  'signin.login.heading': 'Entra en {club}',
  'signin.login.intro': 'Escribe tu correo electrónico y te enviaremos un código de 6 cifras: no necesitas contraseña.',
  'signin.login.send': 'Envíame un código',
  'signin.verify.title': 'Revisa tu correo',
  'signin.verify.sentTo': 'Hemos enviado un código de 6 cifras a {email}. Sirve una sola vez durante 10 minutos.',
  'signin.verify.askAddress': 'Escribe tu correo electrónico y el código de 6 cifras que te hemos enviado.',
  'signin.verify.submit': 'Iniciar sesión',
  'signin.verify.resent': 'Te hemos enviado un código nuevo a {email}. Es válido durante 10 minutos; los de correos anteriores ya no sirven.',
  'signin.verify.helpTitle': '¿No te ha llegado?',
  'signin.verify.helpText': 'Puede tardar un minuto, y quizá esté en la carpeta de spam.',
  'signin.verify.resend': 'Enviar un código nuevo',
  'signin.verify.otherAddress': 'Usar otra dirección',
  'signin.verify.askCode': 'Pedir un código',
  'signin.error.replaced': 'Este código se ha sustituido por otro más reciente. Usa el del último correo.',
  'signin.provider.button': 'Entrar con {club}',
  'signin.provider.intro': 'Usa tu cuenta de {club}.',
  'signin.provider.or': 'o',
  'signin.provider.problem.state': 'Ese acceso estaba caducado o se empezó en otro navegador. Vuelve a entrar.',
  'signin.provider.problem.denied': 'Cancelaste el acceso con {club}. Para entrar, vuelve a empezar y permite el acceso.',
  'signin.provider.problem.unverified': 'Tu cuenta de {club} no tiene un correo confirmado. Confírmalo con {club} y vuelve a entrar.',
  'signin.provider.problem.taken': 'Tu correo pertenece a otra cuenta de {club}. Ponte en contacto con el club para resolverlo.',
  'signin.provider.problem.unavailable': 'Ahora mismo no podemos contactar con el acceso de {club}. Inténtalo de nuevo en unos minutos.',
  'signin.provider.problem.failed': 'El acceso con {club} no se completó. Vuelve a entrar.',
  'signin.provider.problem.blocked': '{club} ha bloqueado esta cuenta, así que no puede entrar. Para saber por qué o pedir que la desbloqueen, ponte en contacto con el club indicando el correo con el que entras: sus datos de contacto están en la página «El club» de esta web, o pregunta en la tienda o la taquilla del club.',
  'signin.blocked.title': 'Esta cuenta está bloqueada',
  'signin.blocked.about': 'Cómo contactar con el club',
  'signout.provider.title': 'Sesión cerrada',
  'signout.provider.continuing': 'Has cerrado la sesión aquí. Te llevamos a {club} para cerrarla también allí…',
  'signout.provider.continue': 'Continuar a {club}',
};

export default es;
