// The console's ranks and badges (/admin/ranks, /admin/badges): what supporters see at their big moments.
export default {
  'adminMoments.nav.ranks': 'Ranks',
  'adminMoments.ranks.title': 'Ranks',
  'adminMoments.ranks.intro': 'Ranks keep their codes, P10 up to P1, and the points each needs. Give each one a name and one short sentence on what reaching it brings: supporters see them on their dashboard, their profile and when they reach the rank. Left blank, a rank shows by its code alone.',
  'adminMoments.ranks.heading': '{rank} · from {points}',
  'adminMoments.ranks.save': 'Save {rank}',
  'adminMoments.ranks.saved': '{rank} saved.',
  'adminMoments.field.title': 'Name',
  'adminMoments.field.perk': 'What it brings',
  'adminMoments.field.english': 'English',
  'adminMoments.field.spanish': 'Spanish',
};
