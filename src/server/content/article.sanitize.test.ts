import { describe, expect, it } from 'vitest';
import { countWords, renderArticleMarkdown, sanitizeArticleHtml } from './article.sanitize.ts';

describe('article bodies are sanitized on write', () => {
  it('removes scripts, styles, event handlers and javascript: links', () => {
    const hostile = '<p onclick="steal()">Hi<script>alert(1)</script></p><style>body{display:none}</style>'
      + '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a><img src="/a.svg" onerror="alert(1)" alt="a">'
      + '<iframe src="https://evil.example"></iframe><svg><script>alert(2)</script></svg>';
    const clean = sanitizeArticleHtml(hostile);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|iframe|style|<svg|alert|steal/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<img src="/a.svg" alt="a" />');
  });

  it('keeps the allow-list: headings, lists, quotes, emphasis and http(s) or relative links', () => {
    const html = '<h2>A</h2><h3>B</h3><ul><li><strong>s</strong></li></ul><ol><li><em>e</em></li></ol><blockquote>q</blockquote>'
      + '<a href="/about">in</a><a href="https://club.example/x">out</a>';
    const clean = sanitizeArticleHtml(html);
    expect(clean).toBe('<h2>A</h2><h3>B</h3><ul><li><strong>s</strong></li></ul><ol><li><em>e</em></li></ol><blockquote>q</blockquote>'
      + '<a href="/about">in</a><a href="https://club.example/x" rel="noopener noreferrer">out</a>');
  });

  it('drops images from other sites and data: URLs, and tags off the list (their text stays)', () => {
    const clean = sanitizeArticleHtml('<img src="https://tracker.example/p.gif"><img src="//cdn.example/x.png"><img src="data:image/png;base64,AA"><div class="x">text</div><h1>Title</h1>');
    expect(clean).toBe('textTitle');
  });

  it('counts the words of the text only', () => {
    expect(countWords('<p>One <strong>two</strong></p><p>three</p>')).toBe(3);
  });
});

describe('article bodies written in Markdown', () => {
  it('render through the same allow-list, headings as h2 and h3', () => {
    expect(renderArticleMarkdown('# One\n\n#### Four\n\nText <script>x()</script> [a](javascript:alert(1)) ![i](https://t.example/p.gif)'))
      .toBe('<h2>One</h2>\n<h3>Four</h3>\n<p>Text  <a>a</a> </p>');
  });
});
