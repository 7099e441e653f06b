import type { ClubSettings, SettingsInput } from './admin-club.api.ts';
import type { FieldName } from './fields.ts';
import type { SETTINGS_SECTION_WORDS } from './words.ts';

// The settings page's form (/admin/settings), field by field, and its reading back into the admin API's
// body: the API checks each value with the schema pages read it with, and names the field it refuses.

/** The club's colours the page offers, by the name pages read them with (`theme.primary`, …). */
export const THEME_COLOURS = ['primary', 'onPrimary', 'secondary', 'onSecondary', 'accent', 'onAccent', 'background', 'surface', 'text'] as const;

export type SettingField = {
  name: keyof SettingsInput & FieldName; type: 'text' | 'textarea' | 'number' | 'checkbox' | 'list' | 'json' | 'secret'; nullable?: boolean;
  /** Has a Spanish value (`translations.es.<name>`, posted as `es.<name>`) beside the English one, as the club's content forms. */
  translated?: boolean;
};

/** In the page's order, by section. */
export const SETTING_SECTIONS: Array<{ heading: keyof typeof SETTINGS_SECTION_WORDS; fields: SettingField[] }> = [
  { heading: 'identity', fields: [{ name: 'name', type: 'text' }, { name: 'crestUrl', type: 'text' }, { name: 'heroUrl', type: 'text', nullable: true }, { name: 'aboutMarkdown', type: 'textarea', nullable: true, translated: true }] },
  { heading: 'points', fields: [
    { name: 'pointTerm', type: 'text' }, { name: 'pointsTerm', type: 'text' }, { name: 'animatedPointsAsXp', type: 'checkbox' },
    { name: 'checkinPoints', type: 'number' }, { name: 'checkinStreakBonus', type: 'number' }, { name: 'birthdayBonusPoints', type: 'number' },
    { name: 'referralPoints', type: 'number' }, { name: 'referralMonthlyCap', type: 'number' },
  ] },
  { heading: 'access', fields: [
    { name: 'loggedOffDashboard', type: 'checkbox' }, { name: 'ssoEnabled', type: 'checkbox' }, { name: 'discourseUrl', type: 'text', nullable: true },
    { name: 'discourseSecret', type: 'secret' }, { name: 'internalDomains', type: 'list' }, { name: 'excludedChallengeIds', type: 'list' },
    { name: 'drawBeaconUrl', type: 'text', nullable: true },
  ] },
  { heading: 'instagram', fields: [{ name: 'instagramProfileUrl', type: 'text', nullable: true }, { name: 'instagramPosts', type: 'json' }] },
  { heading: 'leaderboards', fields: [{ name: 'leaderboardSeasonStart', type: 'text' }] },
  { heading: 'adjustments', fields: [{ name: 'supportAdjustmentLimit', type: 'number' }, { name: 'supportDailyAdjustmentLimit', type: 'number' }] },
];

/** What a field's Spanish value shows now ('' when the club wrote none: Spanish readers see the English one). */
export function spanishSettingValue(settings: ClubSettings, field: SettingField): string {
  const spanish = settings.translations.es as Record<string, string | null | undefined>;
  return spanish[field.name] ?? '';
}

/** What a field shows now (the secret never: its box stays blank). */
export function settingValue(settings: ClubSettings, field: SettingField): string {
  if (field.type === 'secret') return '';
  const value = (settings as unknown as Record<string, unknown>)[field.name];
  if (field.type === 'list') return (value as string[]).join(', ');
  if (field.type === 'json') return JSON.stringify(value, null, 2);
  return value === null || value === undefined ? '' : String(value);
}

/** The body of a posted settings form. A blank secret is left as it is; invalid JSON is sent as written (the API names the field). */
export function settingsBodyOf(posted: (name: string) => unknown): SettingsInput {
  const textOf = (name: string) => { const v = posted(name); return typeof v === 'string' ? v.trim() : ''; };
  const body: Record<string, unknown> = { timeZone: textOf('timeZone') };
  const theme: Record<string, string> = {};
  for (const colour of THEME_COLOURS) if (textOf(`theme.${colour}`)) theme[colour] = textOf(`theme.${colour}`);
  body['theme'] = theme;
  for (const { fields } of SETTING_SECTIONS) {
    for (const field of fields) {
      const raw = textOf(field.name);
      if (field.type === 'checkbox') body[field.name] = raw === 'on' || raw === 'true';
      else if (field.type === 'secret') { if (raw) body[field.name] = raw; }
      else if (!raw && field.nullable) body[field.name] = null;
      else if (field.type === 'number') body[field.name] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
      else if (field.type === 'list') body[field.name] = raw.split(',').map((s) => s.trim()).filter(Boolean);
      else if (field.type === 'json') {
        try { body[field.name] = raw ? JSON.parse(raw) as unknown : []; } catch { body[field.name] = raw; }
      } else body[field.name] = raw;
      // Blank: none (Spanish readers see the English text).
      if (field.translated) body['translations'] = { es: { ...(body['translations'] as { es?: object } | undefined)?.es, [field.name]: textOf(`es.${field.name}`) || null } };
    }
  }
  return body as SettingsInput;
}
