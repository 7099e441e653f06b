// The dashboard's top (issue 26): what a supporter can win and the one thing to do next.
// English is the source of every key; es/next.ts must define the same keys.
export default {
  'next.title': 'Next up',
  'next.prizeEnter': 'Enter the draw',
  'next.prizeFacts': 'Entries',
  'next.noEntries': 'No entries yet',
};
