import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML an article body may hold, applied on write: what is stored is safe to print as it is.
 * Scripts, styles, event handlers and `javascript:` (or any non-http) links go; images only from this
 * site (a path starting with one `/`), so a body makes no third-party request.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'strong', 'em', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSitePath(frame.attribs['src'] ?? ''),
  transformTags: {
    // A link that opens elsewhere does not hand this page to it.
    a: (tagName, attribs) => (/^https?:/i.test(attribs['href'] ?? '')
      ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
      : { tagName, attribs }),
  },
};

function isSitePath(src: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9._~\-/]+$/.test(src);
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Words of the body's text: the reading time a read must take. */
export function countWords(html: string): number {
  // A space before every tag, so that words in adjacent blocks stay apart.
  const text = sanitizeHtml(html.replaceAll('<', ' <'), { allowedTags: [], allowedAttributes: {} });
  return text.split(/\s+/).filter(Boolean).length;
}

// Our own instance: no global marked options shared with other code.
const marked = new Marked({
  gfm: true, breaks: false,
  renderer: {
    // The page's own h1 is the title: a body's headings are h2 and h3 (the allow-list's), whatever the # count.
    heading({ tokens, depth }) {
      const level = depth <= 2 ? 2 : 3;
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** An article body written in Markdown (by a club's editor, so not trusted): HTML through the same sanitizer. */
export function renderArticleMarkdown(markdown: string): string {
  return sanitizeArticleHtml(marked.parse(markdown, { async: false }));
}
