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

/** Kick-off in the reader's language, on the club's clock (the match is played there): "22 Nov 2026, 15:00". */
export function formatKickOff(iso: string, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(iso));
  } catch {
    // An unknown time zone name: the server's clock beats no date at all.
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  }
}

export type PickemCardFields = Partial<Pick<Challenge, 'options' | 'outcome' | 'pollResponseIndex'>>;

/**
 * A pick'em card's badge in place of "Done"; null: show the points. `open` is the server's (the pick can
 * still change). Undefined when the list left the pick'em fields out: the card then goes by `open` alone.
 */
export function pickemBadge(c: PickemCardFields & Pick<Challenge, 'open'>): string | null | undefined {
  const { open, outcome, pollResponseIndex: picked } = c;
  if (outcome === undefined || picked === undefined) return undefined;
  const result = pickemResult(picked, outcome);
  if (result === 'won') return 'Won';
  if (result === 'lost') return 'Lost';
  if (open) return picked === null ? null : 'Picked';
  return picked === null ? 'Closed' : 'Awaiting result';
}

/** The most a pick can earn, for the card of an open pick'em. */
export function bestPickPoints(options: Array<{ points: number | null }>, value: number): number {
  return options.length === 0 ? value : Math.max(...options.map((o) => optionPoints(o, value)));
}
