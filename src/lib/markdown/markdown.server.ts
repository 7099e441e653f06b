import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Our own instance: no global marked options shared with other code.
const marked = new Marked({ gfm: true, breaks: false });

/**
 * What club-written text may keep: sanitize-html's default text tags (no img, no iframe, no form,
 * no style), links only to http(s), mailto and tel. A page's own h1 is its title, so the text's
 * headings start at h2.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags,
  // `rel` is always ours (set below), whatever the text says.
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

/** Markdown (written by a club, so not trusted) to HTML safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), OPTIONS).trim();
}

const MEMO_LIMIT = 16;
const memo = new Map<string, string>();

/**
 * The same, remembered by the text: a page showing a setting renders it once per change of the
 * setting, not on every request. A few entries at most (one per organization's current text).
 */
export function renderMarkdownOnce(markdown: string): string {
  let html = memo.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(markdown, html);
  }
  return html;
}
