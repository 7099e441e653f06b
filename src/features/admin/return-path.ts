import { CONSOLE_ROOT } from '~/lib/routing/console-routes.ts';

/**
 * Where the console goes after sign-in: the page asked for, when it is a console page of this site
 * (`/admin…`, no second slash or backslash that a browser could read as another host); else /admin.
 */
export function consoleReturnPath(asked: string | null | undefined): string {
  if (!asked || asked.length > 500) return CONSOLE_ROOT;
  return /^\/admin(?:[/?#]|$)/.test(asked) && !/[\\\s]|\/\//.test(asked) ? asked : CONSOLE_ROOT;
}
