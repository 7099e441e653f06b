import { fireConfetti } from '~/lib/confetti.ts';
import { applyStanding } from './current-user.store.ts';
import { toast } from '~/lib/toast/store.ts';
import type { Standing } from '~/server/users/standing.schema.ts';

/**
 * Call with the `standing` of anything that can award: the answer already holds the new balances and
 * rank, so nothing is fetched. A level-up is celebrated with a toast and confetti (canvas-confetti loads only then).
 */
export function afterAward(standing: Standing): void {
  const newRank = applyStanding(standing);
  if (!newRank) return;
  toast({ title: `You reached ${newRank}!`, description: 'A new rank: keep going.' });
  void fireConfetti();
}
