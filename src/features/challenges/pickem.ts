import type { Challenge } from './challenges.api.ts';

/** What a correct pick earns: the option's own points, else the challenge's value (as the API awards). */
export function optionPoints(option: { points: number | null }, value: number): number {
  return option.points ?? value;
}

export type PickemResult = 'won' | 'lost' | 'no-pick' | 'pending';

export function pickemResult(picked: number | null, outcome: number | null): PickemResult {
  if (outcome === null) return 'pending';
  if (picked === null) return 'no-pick';
  return picked === outcome ? 'won' : 'lost';
}

export type PickemCardFields = Partial<Pick<Challenge, 'options' | 'outcome' | 'pollResponseIndex'>>;

/** How a pick'em card says its picking stands (the card words it in the page's language). */
export type PickemBadge = 'won' | 'lost' | 'picked' | 'closed' | 'awaiting';

/**
 * A pick'em card's badge in place of "Done"; null: show the points. `open` is the server's (the pick can
 * still change). Undefined when the list left the pick'em fields out: the card then goes by `open` alone.
 */
export function pickemBadge(c: PickemCardFields & Pick<Challenge, 'open'>): PickemBadge | null | undefined {
  const { open, outcome, pollResponseIndex: picked } = c;
  if (outcome === undefined || picked === undefined) return undefined;
  const result = pickemResult(picked, outcome);
  if (result === 'won' || result === 'lost') return result;
  if (open) return picked === null ? null : 'picked';
  return picked === null ? 'closed' : 'awaiting';
}

/** The most a pick can earn, for the card of an open pick'em. */
export function bestPickPoints(options: Array<{ points: number | null }>, value: number): number {
  return options.length === 0 ? value : Math.max(...options.map((o) => optionPoints(o, value)));
}
