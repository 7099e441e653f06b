import { randomUUID } from 'node:crypto';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, writeTranslations } from '../admin/translations.ts';
import { appendAudit, type Writer } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listSettings, saveSetting } from '../organization/organization.repository.ts';
import { SettingsSchema } from '../organization/settings.ts';
import type { AdminChallenge, AdminChallengeSummary, ChallengeInput } from './challenge.admin.schema.ts';
import { typeOf } from './challenge.admin.schema.ts';
import * as repo from './challenge.admin.repository.ts';
import { parseGameColumn, parseOptions, parseQuestions } from './challenge.content.ts';
import { lockChallenge } from './challenge.repository.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { challengeTexts, localizeChallenge } from './challenge.localize.ts';
import { toView, type ChallengeView } from './challenge.view.ts';

// The console's challenges: every write in one transaction with its audit entry, before and after as the
// admin API answers them.

const EXCLUDED_SETTING = 'excludedChallengeIds';

async function excludedIds(db: Db, organizationId: string): Promise<Set<string>> {
  const raw = (await listSettings(db, organizationId))[EXCLUDED_SETTING];
  return SettingsSchema.shape.excludedChallengeIds.safeParse(raw ?? undefined).data ?? new Set<string>();
}

const statusOf = (row: Pick<repo.AdminChallengeRow, 'draft' | 'archived_at' | 'visible_from' | 'expires_on'>, now: Date) => contentStatus({
  draft: Number(row.draft) === 1, archivedAt: row.archived_at, startsAt: row.visible_from, endsAt: row.expires_on,
}, now);

function toAdminView(row: repo.AdminChallengeRow, excluded: Set<string>, now = new Date()): AdminChallenge {
  const es = readTranslations(row.translations)['es'];
  return {
    challengeId: row.id, type: row.type, subtype: row.subtype, title: row.title, status: statusOf(row, now),
    visibleFrom: row.visible_from, expiresOn: row.expires_on, excluded: excluded.has(row.id),
    createdAt: row.created_at, updatedAt: row.updated_at,
    description: row.description, hint: row.hint, value: Number(row.value), mediaId: row.media_id,
    options: parseOptions(row).map((o) => ({ label: o.label, points: o.points ?? null })),
    questions: parseQuestions(row).map(({ questionId, text, options, correctIndex, points }) => ({ questionId, text, options, correctIndex, points })),
    answer: row.answer, game: parseGameColumn(row) ?? null,
    draft: Number(row.draft) === 1, archivedAt: row.archived_at,
    outcome: row.outcome === null || row.outcome === undefined ? null : Number(row.outcome),
    translations: es ? { es: es as NonNullable<AdminChallenge['translations']['es']> } : {},
  };
}

export async function listForConsole(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { rows, total } = await repo.listAdminChallenges(db, {
    organizationId, q: query.q || undefined, status: query.status, now: now.toISOString(),
    offset: (query.page - 1) * query.limit, limit: query.limit,
  });
  const excluded = await excludedIds(db, organizationId);
  const items: AdminChallengeSummary[] = rows.map((row) => ({
    challengeId: row.id, subtype: row.subtype, title: row.title, status: statusOf(row, now),
    visibleFrom: row.visible_from, expiresOn: row.expires_on, excluded: excluded.has(row.id), createdAt: row.created_at, updatedAt: row.updated_at,
  }));
  return { items, total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
}

async function found(db: Db, organizationId: string, id: string): Promise<repo.AdminChallengeRow> {
  const row = await repo.findAdminChallenge(db, organizationId, id);
  if (!row) throw new ApiError('not_found', 'api.adminChallenges.notFound');
  return row;
}

export async function getForConsole(db: Db, organizationId: string, id: string): Promise<AdminChallenge> {
  return toAdminView(await found(db, organizationId, id), await excludedIds(db, organizationId));
}

const utc = (t: string) => new Date(t).toISOString();

/** The stored row of an input: times in UTC, JSON columns as text, a question id for each question. */
function rowOf(input: ChallengeInput, base: { id: string; organization_id: string; created_at: string; archived_at: string | null }, now: string): repo.StoredChallenge {
  const used = new Set(input.questions.flatMap((q) => (q.questionId ? [q.questionId] : [])));
  const questions = input.questions.map((q) => {
    let questionId = q.questionId;
    while (!questionId || (used.has(questionId) && q.questionId !== questionId)) questionId = `q-${randomUUID().slice(0, 8)}`;
    used.add(questionId);
    return { questionId, text: q.text, options: q.options, correctIndex: q.correctIndex, points: q.points };
  });
  return {
    ...base, type: typeOf(input.subtype), subtype: input.subtype, title: input.title, description: input.description,
    hint: input.hint || null, value: input.value, media_id: input.mediaId || null,
    visible_from: utc(input.visibleFrom), expires_on: input.expiresOn ? utc(input.expiresOn) : null,
    options: JSON.stringify(input.subtype === 'poll' || input.subtype === 'pickem'
      ? input.options.map((o) => (o.points === undefined ? { label: o.label } : o)) : []),
    questions: JSON.stringify(input.subtype === 'trivia' ? questions : []),
    answer: input.subtype === 'keyword' ? input.answer : null,
    game: input.subtype === 'arcade' && input.game ? JSON.stringify(input.game) : null,
    draft: input.draft ? 1 : 0, translations: storedTexts(input.translations.es), updated_at: now,
  };
}

/** What `translations` stores: the Spanish texts written (lists of nothing but blanks left out). */
function storedTexts(es: ChallengeInput['translations']['es']): string {
  if (!es) return '{}';
  const { options, questions, ...texts } = es;
  const written = (list: string[] | undefined) => (list?.some((t) => t.trim()) ? list : undefined);
  const asked = questions?.some((q) => q.text?.trim() || written(q.options)) ? questions : undefined;
  return writeTranslations({ es: { ...texts, options: written(options), questions: asked } });
}

type Change = { action: string; before: AdminChallenge | undefined; after: AdminChallenge };

async function record(db: Db, writer: Writer, id: string, change: Change): Promise<AdminChallenge> {
  await appendAudit(db, writer, { action: change.action, kind: 'challenge', id, before: change.before, after: change.after });
  return change.after;
}

/** Run in a transaction: stores a new challenge (a draft unless `draft: false`) and its audit entry. */
export async function createChallenge(trx: Db, writer: Writer, input: ChallengeInput, now = new Date()): Promise<AdminChallenge> {
  const { organizationId } = writer.actor;
  const id = randomUUID();
  const at = now.toISOString();
  await repo.insertAdminChallenge(trx, rowOf(input, { id, organization_id: organizationId, created_at: at, archived_at: null }, at));
  const after = toAdminView(await found(trx, organizationId, id), await excludedIds(trx, organizationId), now);
  return record(trx, writer, id, { action: 'challenge.create', before: undefined, after });
}

/** Run in a transaction: replaces a challenge's content (its kind stays: 422 on `subtype`). */
export async function updateChallenge(trx: Db, writer: Writer, id: string, input: ChallengeInput, now = new Date()): Promise<AdminChallenge> {
  const { organizationId } = writer.actor;
  await lockChallenge(trx, id, 'update');
  const row = await found(trx, organizationId, id);
  if (row.subtype !== input.subtype) throw new ApiError('validation_failed', 'api.fields.invalid', { subtype: 'api.adminChallenges.subtypeFixed' });
  const excluded = await excludedIds(trx, organizationId);
  const before = toAdminView(row, excluded, now);
  await repo.updateAdminChallenge(trx, rowOf(input, { id, organization_id: organizationId, created_at: row.created_at, archived_at: row.archived_at }, now.toISOString()));
  const after = toAdminView(await found(trx, organizationId, id), excluded, now);
  return record(trx, writer, id, { action: 'challenge.update', before, after });
}

/** Run in a transaction: a draft copy with a new id (answers, votes and outcome stay with the original). */
export async function duplicateChallenge(trx: Db, writer: Writer, id: string, now = new Date()): Promise<AdminChallenge> {
  const { organizationId } = writer.actor;
  const { outcome: _outcome, ...row } = await found(trx, organizationId, id);
  const copy = randomUUID();
  const at = now.toISOString();
  await repo.insertAdminChallenge(trx, { ...row, id: copy, draft: 1, archived_at: null, created_at: at, updated_at: at });
  const after = toAdminView(await found(trx, organizationId, copy), await excludedIds(trx, organizationId), now);
  return record(trx, writer, copy, { action: 'challenge.duplicate', before: undefined, after: { ...after } });
}

/** Run in a transaction: archives (`archived_at` set) or publishes (draft and archive cleared) a challenge. */
export async function setChallengeState(trx: Db, writer: Writer, id: string, to: 'archive' | 'publish', now = new Date()): Promise<AdminChallenge> {
  const { organizationId } = writer.actor;
  await lockChallenge(trx, id, 'update');
  const row = await found(trx, organizationId, id);
  const excluded = await excludedIds(trx, organizationId);
  const before = toAdminView(row, excluded, now);
  const next = to === 'archive'
    ? { draft: Number(row.draft), archived_at: row.archived_at ?? now.toISOString() }
    : { draft: 0, archived_at: null };
  if (next.draft === Number(row.draft) && next.archived_at === row.archived_at) {
    writer.unchanged?.();
    return before;
  }
  const { outcome: _outcome, ...stored } = row;
  await repo.updateAdminChallenge(trx, { ...stored, ...next, updated_at: now.toISOString() });
  const after = toAdminView(await found(trx, organizationId, id), excluded, now);
  return record(trx, writer, id, { action: `challenge.${to}`, before, after });
}

export async function getExcluded(db: Db, organizationId: string): Promise<{ ids: string[] }> {
  return { ids: [...await excludedIds(db, organizationId)] };
}

/** Run in a transaction: replaces the organization's excluded list (ids of other organizations are kept as sent: they match nothing). */
export async function setExcluded(trx: Db, writer: Writer, ids: string[]): Promise<{ ids: string[] }> {
  const { organizationId } = writer.actor;
  const before = await getExcluded(trx, organizationId);
  const after = { ids: [...new Set(ids.map((id) => id.trim()))] };
  const value = after.ids.join(',');
  SettingsSchema.shape.excludedChallengeIds.parse(value);
  if (before.ids.join(',') === value) {
    writer.unchanged?.();
    return before;
  }
  await saveSetting(trx, { organization_id: organizationId, key: EXCLUDED_SETTING, value });
  await appendAudit(trx, writer, { action: 'challenge.excluded', kind: 'setting', id: EXCLUDED_SETTING, before, after });
  return after;
}

/**
 * The challenge as a supporter who has not answered it sees it, in `locale`: what the console's preview
 * renders with the supporters' own components. A scheduled one is shown as at its start.
 */
export async function previewChallenge(db: Db, organizationId: string, id: string, locale: Locale, now = new Date()): Promise<ChallengeView> {
  const row = await found(db, organizationId, id);
  const at = row.visible_from > now.toISOString() ? new Date(row.visible_from) : now;
  return localizeChallenge(toView(row, at, undefined, [], null), challengeTexts(row.translations, locale));
}
