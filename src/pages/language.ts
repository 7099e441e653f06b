import type { APIRoute } from 'astro';
import { isSecureSite } from '~/lib/http/site.server.ts';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '~/lib/i18n/locales.ts';
import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';

/** The language switch's form post: keeps the choice for a year and goes back where it was. */
export const POST: APIRoute = async ({ request, cookies, redirect }) => {
  const form = await request.formData().catch(() => undefined);
  const locale = form?.get('locale');
  const back = toSafeRelativePath(String(form?.get('returnTo') ?? '')) ?? '/';
  if (typeof locale !== 'string' || !isLocale(locale)) {
    return new Response('Choose one of the offered languages.', { status: 422 });
  }
  cookies.set(LANGUAGE_COOKIE, locale, {
    path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax', httpOnly: true,
    secure: isSecureSite(),
  });
  return redirect(back, 303);
};
