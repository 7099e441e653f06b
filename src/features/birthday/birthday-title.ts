/** Spec: 'Happy Birthday' followed by the user's first name, or an exclamation mark if there is none. */
export function birthdayTitle(greeting: string, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `${greeting} ${name}` : `${greeting}!`;
}
