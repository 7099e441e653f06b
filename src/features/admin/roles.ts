import type { Translate } from '~/shared/i18n/translate.ts';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/operator-roles.ts';

const ROLE_NAMES = { owner: 'admin.role.owner', editor: 'admin.role.editor', support: 'admin.role.support' } as const satisfies Record<OperatorRole, string>;

/** A role as the console shows it, in the page's language. */
export function roleName(t: Translate, role: OperatorRole): string {
  return t(ROLE_NAMES[role]);
}

export { OPERATOR_ROLES };
