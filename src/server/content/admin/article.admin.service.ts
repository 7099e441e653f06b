import { randomUUID } from 'node:crypto';
import { contentStatus, type ContentListQuery } from '../../admin/content-list.ts';
import { readTranslations, writeTranslations, type Translations } from '../../admin/translations.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../errors.ts';
import { assertStorable } from '../../stored/stored.ts';
import { countWords, renderArticleMarkdown } from '../article.sanitize.ts';
import { ArticleRowSchema } from '../content.schemas.ts';
import { copySlug, pageOf, slugOf } from './console-content.ts';
import { isSlugTaken, pageRows } from './console-content.repository.ts';
import { findArticleRow, insertArticleRow, updateArticleRow, type ArticleRow } from './media-rows.repository.ts';
import type { AdminArticle, ArticleInput } from './article.admin.schema.ts';

const SCHEDULE = { start: 'published_at', end: null };
const notFound = () => new ApiError('not_found', 'api.articles.notFound');

/** The console's view of the stored translations: what the editor wrote (the rendered body stays behind). */
function writtenTranslations(stored: string): AdminArticle['translations'] {
  const es = readTranslations(stored).es;
  if (!es) return {};
  const { title, summary, bodyMarkdown } = es as Record<string, string | undefined>;
  return { es: Object.fromEntries(Object.entries({ title, summary, bodyMarkdown }).filter(([, v]) => typeof v === 'string')) };
}

function toAdmin(row: ArticleRow, now: Date): AdminArticle {
  const draft = Number(row.draft) === 1;
  return {
    id: row.id, slug: row.slug, title: row.title, summary: row.summary, author: row.author, bodyMarkdown: row.body_markdown ?? row.body_html,
    bodyHtml: row.body_html, mediaId: row.media_id, value: Number(row.value), publishedAt: row.published_at,
    translations: writtenTranslations(row.translations),
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.published_at, endsAt: null }, now),
    draft, archivedAt: row.archived_at, updatedAt: row.updated_at,
  };
}

export async function listAdminArticles(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { offset } = pageOf(query, 0);
  const found = await pageRows(db, 'articles', organizationId, query, now.toISOString(), SCHEDULE, 'title', offset);
  const rows = found.rows as ArticleRow[];
  const { total } = found;
  const { pages } = pageOf(query, total);
  return { items: rows.map((row) => toAdmin(row, now)), total, page: query.page, pages };
}

export async function getAdminArticle(db: Db, organizationId: string, id: string, now = new Date()): Promise<AdminArticle> {
  const row = await findArticleRow(db, organizationId, id);
  if (!row) throw notFound();
  return toAdmin(row, now);
}

async function freeSlug(db: Db, organizationId: string, input: ArticleInput, exceptId: string | null): Promise<string> {
  const taken = (slug: string) => isSlugTaken(db, 'articles', organizationId, slug, exceptId);
  if (input.slug) {
    if (await taken(input.slug)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.adminMedia.slugTaken' });
    return input.slug;
  }
  const made = slugOf(input.title);
  return (await taken(made)) ? copySlug(made) : made;
}

/** A body that renders to nothing (only a script, say) is refused: supporters would get an empty page. */
function rendered(markdown: string, field: string): string {
  const html = renderArticleMarkdown(markdown);
  if (!html) throw new ApiError('validation_failed', 'api.fields.invalid', { [field]: 'api.adminMedia.bodyEmpty' });
  return html;
}

async function columnsOf(db: Db, organizationId: string, input: ArticleInput, exceptId: string | null, now: Date) {
  const bodyHtml = rendered(input.bodyMarkdown, 'bodyMarkdown');
  const es = input.translations.es;
  const translations: Translations = es
    ? { es: { ...es, ...(es.bodyMarkdown ? { bodyHtml: rendered(es.bodyMarkdown, 'translations.es.bodyMarkdown') } : {}) } }
    : {};
  return {
    slug: await freeSlug(db, organizationId, input, exceptId), title: input.title, summary: input.summary, author: input.author,
    body_markdown: input.bodyMarkdown, body_html: bodyHtml, word_count: countWords(bodyHtml), media_id: input.mediaId, value: input.value,
    published_at: input.publishedAt, translations: writeTranslations(translations), updated_at: now.toISOString(),
  };
}

export async function createAdminArticle(trx: Db, organizationId: string, input: ArticleInput, now = new Date()) {
  const id = randomUUID();
  const row = { id, organization_id: organizationId, draft: 1, ...(await columnsOf(trx, organizationId, input, null, now)) };
  assertStorable('article', [row], ArticleRowSchema);
  await insertArticleRow(trx, row);
  return getAdminArticle(trx, organizationId, id, now);
}

export async function updateAdminArticle(trx: Db, organizationId: string, id: string, input: ArticleInput, now = new Date()) {
  await getAdminArticle(trx, organizationId, id, now);
  const columns = await columnsOf(trx, organizationId, input, id, now);
  assertStorable('article', [{ id, ...columns }], ArticleRowSchema);
  await updateArticleRow(trx, organizationId, id, columns);
  return getAdminArticle(trx, organizationId, id, now);
}

export async function duplicateAdminArticle(trx: Db, organizationId: string, id: string, now = new Date()) {
  const source = await getAdminArticle(trx, organizationId, id, now);
  return createAdminArticle(trx, organizationId, { ...source, slug: copySlug(source.slug) }, now);
}

export async function setAdminArticleState(trx: Db, organizationId: string, id: string, state: 'publish' | 'archive', now = new Date()) {
  const before = await getAdminArticle(trx, organizationId, id, now);
  const at = now.toISOString();
  const change = state === 'publish'
    ? (before.draft || before.archivedAt ? { draft: 0, archived_at: null, updated_at: at } : undefined)
    : (before.archivedAt ? undefined : { archived_at: at, updated_at: at });
  if (!change) return { before, after: before, changed: false };
  await updateArticleRow(trx, organizationId, id, change);
  return { before, after: await getAdminArticle(trx, organizationId, id, now), changed: true };
}
