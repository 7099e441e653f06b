import type { ApiClient } from '~/lib/api/client.ts';
import { fireConfetti } from '~/lib/confetti.ts';
import { refreshPointsAfterAward } from '~/lib/session/refresh-points.ts';
import { toast } from '~/lib/toast/store.ts';

/**
 * Call after anything that awards points: refreshes the points and celebrates a level-up with a
 * toast and confetti (canvas-confetti loads only then).
 */
export async function afterAward(api: ApiClient): Promise<void> {
  const newRank = await refreshPointsAfterAward(api).catch(() => undefined);
  if (!newRank) return;
  toast({ title: `You reached ${newRank}!`, description: 'A new rank: keep going.' });
  void fireConfetti();
}
