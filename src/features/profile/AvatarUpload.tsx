import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { setAvatar, uploadMedia } from './profile.api.ts';

/** The API's limit (POST /api/media): refused here first, so nobody waits for a doomed upload. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface AvatarUploadProps {
  avatarUrl: string | null;
  /** Shown while there is no photo. */
  initials: string;
}

/** The user's photo (or initials) and a control to replace it: upload the bytes, then make them the avatar. */
export function AvatarUpload({ avatarUrl, initials }: AvatarUploadProps) {
  const [url, setUrl] = useState(avatarUrl);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const errorId = useId();

  async function upload(file: File): Promise<void> {
    setError(undefined);
    setStatus('');
    if (!AVATAR_TYPES.includes(file.type)) return setError('Choose a JPEG, PNG or WebP image.');
    if (file.size > MAX_AVATAR_BYTES) return setError('The image is larger than 5 MB. Choose a smaller one.');
    setBusy(true);
    setStatus('Uploading your photo…');
    try {
      const api = browserApi();
      const uploaded = await uploadMedia(api, file);
      const user = await setAvatar(api, uploaded.name);
      setUrl(user.avatarUrl);
      setStatus('Your photo is updated.');
    } catch (failure) {
      setStatus('');
      const problem = await readApiProblem(failure).catch(() => undefined);
      setError(problem?.message ?? 'The photo did not get through. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) void upload(file);
  }

  return (
    <div className="flex flex-col items-center gap-3">
      {url
        ? <img src={url} alt="Your profile photo" width={96} height={96} className="size-24 rounded-full object-cover ring-2 ring-black/10" />
        : (
          <span className="grid size-24 place-items-center rounded-full bg-secondary text-3xl font-bold text-on-secondary" role="img" aria-label="No profile photo yet">
            <span aria-hidden="true">{initials}</span>
          </span>
        )}
      <label className={buttonClasses({ variant: 'tertiary', size: 'sm', disabled: !ready || busy, className: 'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary' })}>
        {url ? 'Change photo' : 'Add a photo'}
        <input
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          disabled={!ready || busy}
          aria-describedby={error ? errorId : undefined}
          onChange={onChange}
        />
      </label>
      <p role="status" className="min-h-5 text-sm text-muted">{status}</p>
      {error && <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">{error}</p>}
    </div>
  );
}
