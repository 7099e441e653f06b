import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { answerAction } from '~/lib/forms/form-action.server.ts';

// What a page showing BlockForm.astro does before it draws: answers the form's three posts (a 303 back to
// the page with the toast, or the refusal to show beside the form, with the reason typed kept).

export interface BlockFormAnswer {
  /** The refusal of a block (a reason blank or too long), shown under the reason. */
  reasonRefusal?: string | undefined;
  /** The reason as posted with a refused block. */
  reason?: string | undefined;
  /** The refusal of an unblock or a sign-out. */
  refusal?: string | undefined;
}

export async function answerBlockForm(astro: AstroGlobal, returnTo: string): Promise<Response | BlockFormAnswer> {
  const block = answerAction(astro, astro.getActionResult(actions.admin.blocks.block), ({ toast }) => toast, returnTo);
  if (block instanceof Response) return block;
  const unblock = answerAction(astro, astro.getActionResult(actions.admin.blocks.unblock), ({ toast }) => toast, returnTo);
  if (unblock instanceof Response) return unblock;
  const signOut = answerAction(astro, astro.getActionResult(actions.admin.blocks.signOut), ({ toast }) => toast, returnTo);
  if (signOut instanceof Response) return signOut;
  const posted = block.refusal ? await astro.request.clone().formData().catch(() => undefined) : undefined;
  const reason = posted?.get('reason');
  return { reasonRefusal: block.refusal, reason: typeof reason === 'string' ? reason : undefined, refusal: unblock.refusal ?? signOut.refusal };
}

/** The address a BlockForm posts one of its actions to: the page itself (`returnTo`), which answers it. */
export function blockFormAction(returnTo: string, action: string): string {
  // An action's address is its query (`?_action=…`): joined to a page address that may have a query already.
  return returnTo.includes('?') ? `${returnTo}&${action.replace(/^\?/, '')}` : `${returnTo}${action}`;
}
