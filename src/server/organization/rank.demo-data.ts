// Terrace FC's names for its ranks and what each brings, in English and Spanish: the club sets its own in the
// console (/admin/ranks). Spanish names avoid gendered nouns, so they fit every supporter.
export const DEMO_RANK_TEXTS: Readonly<Record<string, { title: string; perk: string; es: { title: string; perk: string } }>> = {
  P10: {
    title: 'Debut', perk: 'Check in every day to start the climb.',
    es: { title: 'Debut', perk: 'Registra tu visita cada día para empezar a subir.' },
  },
  P9: {
    title: 'Regular', perk: 'Stories made for P9 supporters.',
    es: { title: 'Habitual', perk: 'Historias hechas para la afición P9.' },
  },
  P8: {
    title: 'Terrace Voice', perk: 'Stories from the dressing room.',
    es: { title: 'Voz de la grada', perk: 'Historias desde el vestuario.' },
  },
  P7: {
    title: 'Season Pillar', perk: 'Early word on matchday experiences.',
    es: { title: 'Pilar de la temporada', perk: 'Aviso anticipado de las experiencias de jornada.' },
  },
  P6: {
    title: 'Matchday Faithful', perk: 'Your name on the big screen on your birthday.',
    es: { title: 'Fiel de cada jornada', perk: 'Tu nombre en la pantalla del estadio por tu cumpleaños.' },
  },
  P5: {
    title: 'Chant Leader', perk: 'A seat at the supporters’ forum with the board.',
    es: { title: 'Voz cantante', perk: 'Un sitio en el foro de la afición con la directiva.' },
  },
  P4: {
    title: 'Flag Bearer', perk: 'Carry the club flag before a home match.',
    es: { title: 'Portabandera', perk: 'Lleva la bandera del club antes de un partido en casa.' },
  },
  P3: {
    title: 'Soul of the Stand', perk: 'A stadium tour with a first-team player.',
    es: { title: 'Alma de la grada', perk: 'Una visita al estadio con un jugador del primer equipo.' },
  },
  P2: {
    title: 'Club Legend', perk: 'Meet the squad at the end-of-season dinner.',
    es: { title: 'Leyenda del club', perk: 'Conoce a la plantilla en la cena de fin de temporada.' },
  },
  P1: {
    title: 'Hall of Fame', perk: 'Your name on the club’s wall of honour.',
    es: { title: 'Salón de la fama', perk: 'Tu nombre en el muro de honor del club.' },
  },
};
