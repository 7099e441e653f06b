import { ADMIN_CLIP_LIMIT } from '~/shared/limits.ts';

// With script, a clip too large for the video form is refused before the form is sent: the browser says so
// at the field (its words rendered by the page, in the operator's language), and nothing typed is lost.
// Without script the request gate sends the form back to its page, which says the same.

for (const input of document.querySelectorAll<HTMLInputElement>('input[data-clip-too-large]')) {
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.setCustomValidity(file && file.size > ADMIN_CLIP_LIMIT ? input.dataset['clipTooLarge'] ?? '' : '');
    input.reportValidity();
  });
}
