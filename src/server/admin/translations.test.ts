import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { localized, readTranslations, translationsSchema, writeTranslations } from './translations.ts';

describe('translations', () => {
  const schema = translationsSchema({ title: z.string().min(1).max(10), description: z.string().max(20) });

  it('takes the texts of other languages, each optional, and checks them as the default language is checked', () => {
    expect(schema.parse(undefined)).toEqual({});
    expect(schema.parse({ es: { title: 'Hola' } })).toEqual({ es: { title: 'Hola' } });
    expect(schema.safeParse({ es: { title: 'x'.repeat(11) } }).success).toBe(false);
  });

  it('stores only what was written, and reads a broken column as no translation', () => {
    expect(writeTranslations({ es: { title: 'Hola', description: '' } })).toBe('{"es":{"title":"Hola"}}');
    expect(writeTranslations({ es: { title: '' } })).toBe('{}');
    expect(readTranslations('not json')).toEqual({});
    expect(readTranslations('[1]')).toEqual({});
    expect(readTranslations('{"es":"x"}')).toEqual({});
  });

  it("shows a supporter their language where the club wrote it, else the default's", () => {
    const base = { title: 'Hello', description: 'Pick one', points: 5 };
    const stored = writeTranslations({ es: { title: 'Hola' } });
    expect(localized(base, stored, 'es')).toEqual({ title: 'Hola', description: 'Pick one', points: 5 });
    expect(localized(base, stored, 'en')).toBe(base);
    // A stored value of the wrong type, or a field the thing does not have, is ignored.
    expect(localized(base, '{"es":{"points":"many","extra":"x"}}', 'es')).toEqual(base);
  });
});
