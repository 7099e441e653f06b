import type en from '../en/identity.ts';

// The club's header and the landing page.
const es: Record<keyof typeof en, string> = {
  'identity.metaDescription': 'Club de aficionados de {club}: gana {points}, sube de rango y llévate premios.',
  'header.rank': 'Rango',
  'header.history': 'ver tu historial',
  'home.description': 'Únete al club de aficionados de {club}: gana {points}, sube de P10 a P1 y llévate premios.',
  'home.eyebrow': 'Club oficial de aficionados',
  'home.titleMatch': 'Cada partido.',
  'home.titleVisit': 'Cada visita.',
  'home.titlePoint': 'Cada {point} cuenta.',
  'home.lede': 'Registra tu visita cada día, responde encuestas y quizzes, mira vídeos y sube de rango de P10 a P1. Gasta tus {points} en participaciones para los sorteos.',
  'home.signIn': 'Iniciar sesión',
  'home.newHere': '¿Primera vez aquí? Inicia sesión con tu correo electrónico y tu cuenta estará lista en un minuto.',
  'home.howItWorks': 'Cómo funciona',
  'home.prizeEyebrow': 'En juego ahora',
  'home.prizeCta': 'Ver el premio',
};

export default es;
