// The club's staff roles and what each may do: one table the API enforces on every admin operation and
// the console reads to show only what an operator can use.
export const OPERATOR_ROLES = ['owner', 'editor', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * - `read`: every console list and page.
 * - `members`: find a supporter and see their data (each view audited), put a balance right within
 *   support's limits, block, unblock, sign out everywhere, answer their requests.
 * - `approve`: approve or refuse an adjustment over support's limits, and set those limits.
 * - `content`: make and change content of every kind, set outcomes, run sweepstakes up to the draw.
 * - `draw`: draw or cancel a sweepstake (money-like: refunds, winners).
 * - `operators`, `apiKeys`, `settings`: the owner's alone.
 */
export const PERMISSIONS = {
  read: ['owner', 'editor', 'support'],
  content: ['owner', 'editor'],
  members: ['owner', 'support'],
  approve: ['owner'],
  draw: ['owner'],
  operators: ['owner'],
  apiKeys: ['owner'],
  settings: ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
