import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { award, type LedgerResult } from '../ledger/ledger.ts';
import { findEntryByKey } from '../ledger/ledger.repository.ts';
import { standingAfter } from '../users/standing.ts';
import { findPublished, listPublished } from './article.repository.ts';
import { checkReadTicket, issueReadTicket, minimumReadSeconds } from './article.ticket.ts';
import type { Article, ArticleReadResult, ArticleSummary } from './article.schema.ts';

/** Article reads are ledger entries of kind `article`, reference the article's id, keyed `article:<id>`: one per supporter. */
const ARTICLE_KIND = 'article';
const readKey = (articleId: string) => `article:${articleId}`;

export interface ArticleCaller {
  organizationId: string;
  userId: string | null;
  /** The language of the texts (the club's Spanish where written); English when left out. */
  locale?: Locale;
}

type Row = Awaited<ReturnType<typeof listPublished>>[number];

async function hasRead(db: Db, userId: string | null, articleId: string): Promise<boolean> {
  return userId ? !!(await findEntryByKey(db, userId, readKey(articleId))) : false;
}

function toSummary(row: Row, read: boolean, locale: Locale = DEFAULT_LOCALE): ArticleSummary {
  const texts = localized({ title: row.title, summary: row.summary }, row.translations, locale);
  return {
    id: row.id, slug: row.slug, mediaId: row.media_id, value: Number(row.value), title: texts.title, summary: texts.summary,
    author: row.author, publishedAt: row.published_at, minimumReadSeconds: minimumReadSeconds(Number(row.word_count)), read,
  };
}

export async function listArticles(db: Db, caller: ArticleCaller, now = new Date()): Promise<ArticleSummary[]> {
  const rows = await listPublished(db, caller.organizationId, now.toISOString());
  const reads = await Promise.all(rows.map((row) => hasRead(db, caller.userId, row.id)));
  return rows.map((row, i) => toSummary(row, reads[i]!, caller.locale));
}

async function requireArticle(db: Db, organizationId: string, idOrSlug: string, now: Date) {
  const row = await findPublished(db, organizationId, idOrSlug, now.toISOString());
  if (!row) throw new ApiError('not_found', 'api.articles.notFound');
  return row;
}

/** An article as a supporter reading `locale` would get it, whatever its status (the console's preview): not read, no ticket. */
export function previewArticle(row: Row & { body_html: string }, locale: Locale): Article {
  const { bodyHtml } = localized({ bodyHtml: row.body_html }, row.translations, locale);
  return { ...toSummary(row, false, locale), bodyHtml, readTicket: null };
}

export async function getArticle(db: Db, caller: ArticleCaller, idOrSlug: string, secret: string, now = new Date()): Promise<Article> {
  const row = await requireArticle(db, caller.organizationId, idOrSlug, now);
  const read = await hasRead(db, caller.userId, row.id);
  const readTicket = caller.userId && !read ? issueReadTicket(secret, caller.userId, row.id, now.getTime()) : null;
  const { bodyHtml } = localized({ bodyHtml: row.body_html }, row.translations, caller.locale ?? DEFAULT_LOCALE);
  return { ...toSummary(row, read, caller.locale), bodyHtml, readTicket };
}

/**
 * Pays for a read, once: the checksum must be a ticket signed here for this supporter and article, and
 * the article's minimum reading time must have passed since it was issued. A repeat (a replayed
 * ticket, or a second ticket) pays nothing and answers the standing as it is.
 */
export async function readArticle(
  trx: Db, caller: { organizationId: string; userId: string }, idOrSlug: string, checksum: string, secret: string, now = new Date(),
): Promise<ArticleReadResult> {
  const row = await requireArticle(trx, caller.organizationId, idOrSlug, now);
  const check = checkReadTicket(secret, checksum, caller.userId, row.id, now.getTime());
  if (!check.ok) throw new ApiError('validation_failed', check.reason === 'expired' ? 'api.articles.ticketExpired' : 'api.articles.badChecksum');
  const needed = minimumReadSeconds(Number(row.word_count)) * 1000;
  const waited = now.getTime() - check.issuedAt;
  if (waited < needed) {
    throw new ApiError('validation_failed', msg('api.articles.tooEarly', { count: Math.ceil((needed - waited) / 1000) }));
  }
  const value = Number(row.value);
  let paid: LedgerResult | null = null;
  if (value > 0) {
    paid = await award(trx, { userId: caller.userId, amount: value, kind: ARTICLE_KIND, reference: row.id, idempotencyKey: readKey(row.id) });
  }
  const pointsAwarded = paid && !paid.replayed ? value : 0;
  return { article: toSummary(row, true), pointsAwarded, standing: await standingAfter(trx, caller, paid) };
}
