import type en from '../en/next.ts';

// La parte de arriba del panel (issue 26): lo que se puede ganar y lo siguiente que hacer.
const es: Record<keyof typeof en, string> = {
  'next.title': 'Lo siguiente',
  'next.prizeEnter': 'Participa en el sorteo',
  'next.prizeFacts': 'Participaciones',
  'next.noEntries': 'Aún sin participaciones',
};

export default es;
