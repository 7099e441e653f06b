// The profile page's posts without JavaScript: a consent switch and the photo. Each makes the same
// feature API calls the islands make; the islands only enhance the same forms.
import type { AstroGlobal } from 'astro';
import { field, idempotencyHeaders, redirectAfterPost } from '~/lib/forms/form-action.server.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import { photoProblem } from './photo.ts';
import { listConsents, setAvatar, setConsent, uploadMedia } from './profile.api.ts';

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
  // A consent switch: `consent` is "<id>|<1 or 0>", the state the supporter asked for.
  const [id = '', wanted = ''] = field(form, 'consent').split('|');
  const consent = (await listConsents(api).catch(() => [])).find((item) => item.id === id);
  if (consent && (wanted === '1' || wanted === '0')) {
    try {
      await setConsent(api, consent.id, { consentId: consent.consentId, value: wanted === '1' ? 1 : 0, data: consent.data }, {
        headers: idempotencyHeaders(form),
      });
      return redirectAfterPost(astro, { title: t('profile.consents.saved') }, '/profile#consents');
    } catch {
      // Spec: a failed consent update is logged only (the API client has logged it); the switch stays as it was.
    }
  }
  return astro.redirect('/profile#consents', 303);
}
