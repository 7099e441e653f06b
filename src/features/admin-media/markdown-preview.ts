import { actions } from 'astro:actions';

// The article form's live preview: each [data-markdown-preview] shows its textarea's Markdown as the saved
// body would be (rendered and sanitized by the API, so what is shown is what supporters get), a moment
// after typing stops. Without script the section stays hidden: the preview pages show the same.

const PAUSE_MS = 400;

for (const section of document.querySelectorAll<HTMLElement>('[data-markdown-preview]')) {
  const source = document.getElementById(section.dataset['source'] ?? '');
  const output = section.querySelector<HTMLElement>('[data-output]');
  if (!(source instanceof HTMLTextAreaElement) || !output) continue;
  section.hidden = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const render = async () => {
    const mine = (asked += 1);
    const { data, error } = await actions.admin.media.preview({ markdown: source.value });
    // An older answer arriving after a newer one is dropped.
    if (mine !== asked) return;
    if (error) {
      output.textContent = error.message;
      return;
    }
    // Sanitized by the API (src/server/content/article.sanitize.ts): the same HTML an article page prints.
    output.innerHTML = data.bodyHtml;
  };
  source.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void render(), PAUSE_MS);
  });
  void render();
}
