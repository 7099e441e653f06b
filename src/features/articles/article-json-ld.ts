import type { Article } from './articles.api.ts';

/**
 * The article's NewsArticle JSON-LD, ready to sit in a `<script type="application/ld+json">`: `<` is
 * escaped so no text in it (a title holding `</script>`) can end the element.
 */
export function articleJsonLd(article: Article, pageUrl: string, organizationName: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', name: organizationName },
    mainEntityOfPage: pageUrl,
    ...(article.mediaId ? { image: [new URL(article.mediaId, pageUrl).href] } : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
