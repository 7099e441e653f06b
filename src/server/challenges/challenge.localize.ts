import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';
import { readTranslations } from '../admin/translations.ts';
import type { ChallengeView } from './challenge.view.ts';

// A challenge's texts in another language, as the console writes them into `translations` and supporters
// read them: every text optional (blank: not written, the English one shows), options and questions by
// their place in the English lists.

const line = (max: number) => z.string().trim().max(max);

/** The translatable texts of a challenge, each field as the console takes it (`translations.es`). */
export const CHALLENGE_TEXT_FIELDS = {
  title: line(200),
  description: z.string().max(5000),
  hint: line(500),
  /** Option labels, by the options' order. */
  options: z.array(line(200)).max(20),
  /** Quiz questions by their order: the question's text and its options' labels. */
  questions: z.array(z.object({ text: line(500).optional(), options: z.array(line(200)).max(10).optional() })).max(50),
};

const StoredTextsSchema = z.object(CHALLENGE_TEXT_FIELDS).partial();
export type ChallengeTexts = z.infer<typeof StoredTextsSchema>;

/** The texts written for `locale`, or undefined (none written, or a stored value that does not fit). */
export function challengeTexts(stored: string | null | undefined, locale: Locale): ChallengeTexts | undefined {
  if (locale === DEFAULT_LOCALE) return undefined;
  const texts = readTranslations(stored)[locale];
  if (!texts) return undefined;
  const parsed = StoredTextsSchema.safeParse(texts);
  return parsed.success ? parsed.data : undefined;
}

const or = (written: string | undefined, base: string): string => (written && written.trim() ? written : base);

/** Labels laid over by place: a blank or missing one keeps the English. */
export function localizedLabels<T extends { label: string }>(items: T[], labels: string[] | undefined): T[] {
  if (!labels?.length) return items;
  return items.map((item, i) => ({ ...item, label: or(labels[i], item.label) }));
}

type Texts = Pick<ChallengeView, 'title' | 'description' | 'hint' | 'options' | 'challengeType'>;

/** A supporter's view of a challenge in `locale` where the club wrote it, else in English. */
export function localizeChallenge<V extends Texts>(view: V, texts: ChallengeTexts | undefined): V {
  if (!texts) return view;
  return {
    ...view,
    title: or(texts.title, view.title),
    description: or(texts.description, view.description),
    hint: texts.hint?.trim() ? texts.hint : view.hint,
    options: localizedLabels(view.options, texts.options),
    challengeType: view.challengeType && {
      questions: view.challengeType.questions.map((q, i) => {
        const written = texts.questions?.[i];
        return { ...q, text: or(written?.text, q.text), options: q.options.map((o, j) => or(written?.options?.[j], o)) };
      }),
    },
  };
}
