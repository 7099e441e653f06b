/**
 * The signed-in operator of a console page. The middleware (src/app/console.server.ts) lets no console
 * page but the sign-in render without one, so its absence here is a bug, not a state to draw.
 */
export function staffOf(locals: App.Locals): NonNullable<App.Locals['staff']> {
  if (!locals.staff) throw new Error('a console page rendered without a signed-in operator');
  return locals.staff;
}
