import { consoleReturnPath } from '../return-path.ts';

// Where the adjustment forms post: one page of ours (/admin/adjustments/new) answers them wherever they are
// shown, so a page only places a form. A success goes back to the page the form was on (with its toast); a
// refusal stays on ours, the form refilled beside the words, with a way back.

export const ADJUST_PAGE = '/admin/adjustments/new';

/** The form's target: our page for this supporter (and award), the way back, and the action's own query. */
export function adjustFormTarget(action: string, params: { member: string; returnTo: string; reverses?: string; points?: number }): string {
  const query = new URLSearchParams({ member: params.member, return: consoleReturnPath(params.returnTo) });
  if (params.reverses) query.set('reverses', params.reverses);
  if (params.points !== undefined) query.set('points', String(params.points));
  return `${ADJUST_PAGE}?${query}&${action.replace(/^\?/, '')}`;
}
