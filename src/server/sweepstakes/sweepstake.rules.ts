import type { Selectable } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../shared/i18n/locales.ts';
import { formatDateTime, formatTimeZoneName, intlLocale } from '../../shared/i18n/format.ts';
import { loadMessages, translator, type Translate } from '../../shared/i18n/translate.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { storedLately, storeMedia } from '../media/media.service.ts';
import type { MediaStore } from '../media/media.store.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { DRAW_PROCEDURE } from './sweepstake.draw.ts';
import { setRulesMedia } from './sweepstake.repository.ts';
import type { SweepstakeTable } from './sweepstake.table.ts';

// The official rules as a PDF, made with pdfkit from the sweepstake's own data in the supporter's
// language, and kept in the media store under its content hash. The document's date is the sweepstake's
// creation, so the same data always makes the same bytes (and the same name).

type Row = Selectable<SweepstakeTable>;

interface RulesContext {
  club: string;
  timeZone: string;
  /** The sweepstake's page, where winners are published. */
  pageUrl: string;
  primary: string;
}

const MARGIN = 56;

function money(value: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/** Each section: a heading and its paragraphs, every word from the message files. */
function sections(row: Row, ctx: RulesContext, t: Translate, locale: Locale): Array<[string, string[]]> {
  const date = (iso: string) => formatDateTime(iso, locale, ctx.timeZone);
  const count = Number(row.winner_count);
  const beacon = row.beacon_url && row.beacon_round !== null
    ? [t('sweepstakes.pdf.beacon', { round: String(row.beacon_round), url: row.beacon_url })]
    : [];
  return [
    [t('sweepstakes.pdf.promoterHeading'), [t('sweepstakes.pdf.promoter', { sponsor: row.sponsor, club: ctx.club })]],
    [t('sweepstakes.pdf.prizeHeading'), [
      t('sweepstakes.pdf.prize', { prize: row.prize, value: money(Number(row.prize_value), row.currency, locale) }),
      t('sweepstakes.pdf.winners', { count }),
    ]],
    [t('sweepstakes.pdf.datesHeading'), [t('sweepstakes.pdf.dates', { start: date(row.starts_at), end: date(row.ends_at), zone: formatTimeZoneName(row.starts_at, locale, ctx.timeZone) })]],
    [t('sweepstakes.pdf.eligibilityHeading'), [t('sweepstakes.pdf.eligibility', { club: ctx.club })]],
    [t('sweepstakes.pdf.enterHeading'), [
      t('sweepstakes.pdf.enter', { count: Number(row.cost_per_entry) }),
      t('sweepstakes.pdf.cap', { count: Number(row.max_entries_per_supporter) }),
    ]],
    [t('sweepstakes.pdf.freeHeading'), [t('sweepstakes.pdf.free')]],
    [t('sweepstakes.pdf.oddsHeading'), [t('sweepstakes.pdf.odds')]],
    [t('sweepstakes.pdf.drawHeading'), [
      t('sweepstakes.pdf.commitment', { commitment: row.commitment }),
      t('sweepstakes.pdf.draw', { end: date(row.ends_at), procedure: DRAW_PROCEDURE }),
      ...beacon,
      t('sweepstakes.pdf.verify', { url: `${ctx.pageUrl}/verify` }),
    ]],
    [t('sweepstakes.pdf.publishedHeading'), [t('sweepstakes.pdf.published', { url: ctx.pageUrl })]],
    [t('sweepstakes.pdf.generalHeading'), [t('sweepstakes.pdf.general', { club: ctx.club })]],
    // The club's own rules, as written in the console (in this language where written), a paragraph per blank line.
    ...(row.rules.trim() ? [[t('sweepstakes.pdf.clubRulesHeading'), row.rules.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)] as [string, string[]]] : []),
  ];
}

async function renderRulesPdf(stored: Row, ctx: RulesContext, locale: Locale): Promise<Buffer> {
  const row = { ...stored, ...localized({ title: stored.title, prize: stored.prize, rules: stored.rules }, stored.translations, locale) };
  const t = translator(await loadMessages(locale), locale);
  const title = t('sweepstakes.pdf.title', { title: row.title });
  const created = new Date(row.created_at);
  const doc = new PDFDocument({
    size: 'A4', margin: MARGIN, compress: true, lang: locale, displayTitle: true,
    info: { Title: title, Author: ctx.club, Subject: row.prize, CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.rect(0, 0, doc.page.width, 10).fill(ctx.primary);
  doc.fillColor('#12161c').font('Helvetica-Bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#4b5563').text(t('sweepstakes.pdf.subtitle', { club: ctx.club }));
  for (const [heading, paragraphs] of sections(row, ctx, t, locale)) {
    doc.moveDown(0.9).font('Helvetica-Bold').fontSize(12).fillColor(ctx.primary).text(heading);
    for (const text of paragraphs) doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#12161c').text(text, { align: 'left', lineGap: 2 });
  }
  doc.end();
  return done;
}

function rulesNames(row: Pick<Row, 'rules_media'>): Partial<Record<Locale, string>> {
  try {
    const parsed = JSON.parse(row.rules_media) as unknown;
    return parsed && typeof parsed === 'object' ? parsed as Partial<Record<Locale, string>> : {};
  } catch {
    return {};
  }
}

/**
 * The name of the sweepstake's rules PDF in a language, made and stored the first time it is asked for
 * (or again when the media store lost it, as a fresh MEDIA_DIR or bucket would).
 */
export async function ensureRulesPdf(db: Db, media: MediaStore, row: Row, locale: Locale, publicUrl: string, now = Date.now()): Promise<string> {
  const names = rulesNames(row);
  const known = names[locale];
  // Asked of the store once in ten minutes, not on every view (media.service.ts).
  if (known && await storedLately(media, known, now)) return known;
  const { organization, settings } = await loadOrganizationSettings(db, row.organization_id);
  const ctx: RulesContext = {
    club: organization.name, timeZone: organization.time_zone, primary: settings.theme['primary'] ?? '#0b5d3b',
    pageUrl: `${publicUrl}/sweepstakes/${row.slug}`,
  };
  const name = await storeMedia(media, await renderRulesPdf(row, ctx, locale), 'pdf');
  await setRulesMedia(db, row.id, JSON.stringify({ ...names, [locale]: name }));
  return name;
}
