// The profile page's photo posted without JavaScript: the same feature API calls the island makes. (A
// consent switch is an action, src/actions/profile.ts.)
import type { AstroGlobal } from 'astro';
import { field, idempotencyHeaders, redirectAfterPost } from '~/lib/forms/form-action.server.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import { photoProblem } from './photo.ts';
import { setAvatar, uploadMedia } from './profile.api.ts';

type Astro = Pick<AstroGlobal, 'cookies' | 'redirect' | 'url' | 'locals'>;

/** What the page shows after a refused post (it answers with `status`), when it does not redirect. */
export interface ProfilePostProblem {
  status: number;
  photoError: string;
}

export async function handleProfilePost(astro: Astro, form: FormData, t: Translate): Promise<Response | ProfilePostProblem> {
  const { api } = astro.locals;
  if (field(form, 'action') === 'photo') {
    const photo = form.get('photo');
    const problem = photoProblem(photo instanceof File && photo.size > 0 ? photo : undefined);
    if (problem) return { status: 422, photoError: t(problem) };
    try {
      const uploaded = await uploadMedia(api, photo as File, { headers: idempotencyHeaders(form) });
      await setAvatar(api, uploaded.name);
      return redirectAfterPost(astro, { title: t('profile.photo.updated') }, '/profile');
    } catch (error) {
      const answer = await readApiProblem(error).catch(() => undefined);
      return { status: answer && answer.status < 500 ? answer.status : 502, photoError: answer && answer.status < 500 ? answer.message : t('profile.photo.failed') };
    }
  }
  return astro.redirect('/profile#consents', 303);
}
