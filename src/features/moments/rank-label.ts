import type { Translate } from '~/shared/i18n/translate.ts';

/**
 * A rank as supporters read it: its code, and the club's name for it beside (P9 · Regular). A module of its own:
 * the dashboard's standing loads it at once, the rest of the moments' words only with a moment.
 */
export function rankLabel(rank: { name: string; title: string | null }, t: Translate): string {
  return rank.title ? t('rank.named', { rank: rank.name, title: rank.title }) : rank.name;
}
