import { actions } from 'astro:actions';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import type { Locale } from '~/shared/i18n/locales.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { AVATAR_TYPES, photoProblem } from './photo.ts';

export interface AvatarUploadProps {
  avatarUrl: string | null;
  /** Shown while there is no photo. */
  initials: string;
  /** The form's idempotency key (rendered by the page). */
  formKey: string;
  /** A refusal of the page's own post (no JavaScript), shown beside the control. */
  initialError?: string | undefined;
  messages: Pick<Messages, `profile.photo.${string}` & keyof Messages>;
  locale: Locale;
}

/**
 * The user's photo (or initials) and a form to replace it, for its action (profile.setPhoto,
 * src/actions/profile.ts). Without JavaScript the form posts the photo to /profile (choose, then "Save
 * photo"); once hydrated, choosing a photo sends the same form at once.
 */
export function AvatarUpload({ avatarUrl, initials, formKey, initialError, messages, locale }: AvatarUploadProps) {
  const t = translator(messages, locale);
  const [url, setUrl] = useState(avatarUrl);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState(initialError);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const errorId = useId();

  async function upload(form: HTMLFormElement, file: File): Promise<void> {
    setError(undefined);
    setStatus('');
    // Refused here first, so nobody waits for a doomed upload (the action says the same).
    const problem = photoProblem(file);
    if (problem) return setError(t(problem));
    setBusy(true);
    setStatus(t('profile.photo.uploading'));
    const { data, refusal } = await submitAction((all) => all.profile.setPhoto, form, t('profile.photo.failed'));
    setBusy(false);
    setStatus(data ? data.toast.title : '');
    if (data) setUrl(data.avatarUrl);
    else setError(refusal.message);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>): void {
    if (!hydrated) return;
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file && input.form) void upload(input.form, file).finally(() => { input.value = ''; });
  }

  return (
    <form method="post" action={`/profile${actions.profile.setPhoto}`} encType="multipart/form-data" className="flex flex-col items-center gap-3"
      onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      {url
        ? <img src={url} alt={t('profile.photo.alt')} width={96} height={96} className="size-24 rounded-full object-cover ring-2 ring-black/10" />
        : (
          <span className="grid size-24 place-items-center rounded-full bg-secondary text-3xl font-bold text-on-secondary" role="img" aria-label={t('profile.photo.none')}>
            <span aria-hidden="true">{initials}</span>
          </span>
        )}
      {hydrated
        ? (
          <label className={buttonClasses({ variant: 'tertiary', size: 'sm', disabled: busy, className: 'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary' })}>
            {url ? t('profile.photo.change') : t('profile.photo.add')}
            <input
              type="file" name="photo" accept={AVATAR_TYPES.join(',')} className="sr-only" disabled={busy}
              aria-describedby={error ? errorId : undefined} onChange={onChange}
            />
          </label>
        )
        : (
          // Before (or without) JavaScript: the browser's own file control, so the chosen file shows, and a
          // button that sends it.
          <div className="flex w-full max-w-84 flex-col items-stretch gap-2 text-left">
            <label htmlFor={`${errorId}-photo`} className="text-sm font-semibold">{url ? t('profile.photo.change') : t('profile.photo.add')}</label>
            <input
              id={`${errorId}-photo`} type="file" name="photo" accept={AVATAR_TYPES.join(',')}
              aria-describedby={error ? errorId : undefined}
              className="w-full rounded-md border border-black/30 bg-surface p-2 text-sm"
            />
            <button type="submit" className={buttonClasses({ variant: 'primary', size: 'sm' })}>{t('profile.photo.save')}</button>
          </div>
        )}
      <p role="status" className="min-h-5 text-sm text-muted">{status}</p>
      {error && <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">{error}</p>}
    </form>
  );
}
