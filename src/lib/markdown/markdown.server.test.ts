import { describe, expect, it } from 'vitest';
import { DEMO_ABOUT_MARKDOWN } from '~/server/organization/demo.ts';
import { renderMarkdown, renderMarkdownOnce } from './markdown.server.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown('## Who we are\n\nWe are **loud**.\n\n- one\n- two\n\n[Shop](https://shop.example/)');
    expect(html).toContain('<h2>Who we are</h2>');
    expect(html).toContain('<strong>loud</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://shop.example/" rel="noopener noreferrer nofollow">Shop</a>');
  });

  it('keeps the page title the only h1', () => {
    expect(renderMarkdown('# Big')).toBe('<h2>Big</h2>');
  });

  it('removes scripts, event handlers, javascript: links, frames, styles and images', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<p onclick="alert(2)" style="color:red">hi</p>',
      '[click](javascript:alert(3))',
      '<a href="JaVaScRiPt:alert(4)">x</a>',
      '<a href="&#106;avascript:alert(5)">y</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src=x onerror="alert(6)">',
      '![pic](https://evil.example/track.png)',
      '<svg onload="alert(7)"></svg>',
      '<style>body{display:none}</style>',
      '<a href="//evil.example">z</a>',
      '<form action="https://evil.example"><input name="q"></form>',
    ].join('\n\n');
    const html = renderMarkdown(hostile);
    expect(html).not.toMatch(/<script|<iframe|<img|<svg|<style|<form|<input/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/alert\(1\)|display:none/);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('hi');
  });

  it('renders the demo club text with its sections and its mail link', () => {
    const html = renderMarkdown(DEMO_ABOUT_MARKDOWN);
    expect(html).toContain('<h2>Who we are</h2>');
    expect(html).toContain('href="mailto:supporters@terracefc.example"');
  });

  it('remembers the rendering of a text', () => {
    const text = '## Remembered';
    expect(renderMarkdownOnce(text)).toBe('<h2>Remembered</h2>');
  });
});
