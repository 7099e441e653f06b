import { describe, expect, it } from 'vitest';
import type { Article } from './articles.api.ts';
import { articleJsonLd } from './article-json-ld.ts';

const article: Article = {
  id: 'a1', slug: 's', mediaId: '/articles/s.svg', value: 10, title: 'Win </script><script>alert(1)</script>', summary: 'x',
  author: 'Club', publishedAt: '2026-11-20T10:00:00.000Z', minimumReadSeconds: 10, read: false, bodyHtml: '<p>x</p>', readTicket: null,
};

describe('article JSON-LD', () => {
  it('is a NewsArticle that no title can break out of', () => {
    const text = articleJsonLd(article, 'https://club.example/media/articles/s', 'Terrace FC');
    expect(text).not.toContain('<');
    const data = JSON.parse(text);
    expect(data).toMatchObject({ '@type': 'NewsArticle', headline: article.title, image: ['https://club.example/articles/s.svg'] });
  });
});
