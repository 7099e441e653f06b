import { describe, expect, it } from 'vitest';
import { inputOf, rowsOf, valuesOf } from './challenge-form.ts';
import type { AdminChallenge } from './admin-challenges.api.ts';

const form = (entries: Record<string, string>) => entries;

describe('the challenge form', () => {
  it('posts a poll as the API takes it: blank rows left out, Spanish labels by the kept rows, times in UTC', () => {
    const body = inputOf(form({
      subtype: 'poll', title: ' Best goal ', description: 'Pick', value: '15', visibleFrom: '2026-07-01T18:00', expiresOn: '', intent: 'publish',
      'rows.opt': '4', 'opt.0.label': 'Ayo', 'es.opt.0': '', 'opt.1.label': '', 'opt.2.label': 'Rhys', 'opt.2.points': '30', 'es.opt.2': 'Rhys ES',
      'es.title': 'Mejor gol',
    }), 'Europe/Madrid');
    expect(body).toMatchObject({
      subtype: 'poll', title: 'Best goal', value: 15, visibleFrom: '2026-07-01T16:00:00.000Z', expiresOn: null, draft: false,
      options: [{ label: 'Ayo' }, { label: 'Rhys', points: 30 }], questions: [], answer: null, game: null,
      translations: { es: { title: 'Mejor gol', options: ['', 'Rhys ES'] } },
    });
  });
  it('posts a quiz with the right answer among the kept options, and a word where a number belongs as written', () => {
    const body = inputOf(form({
      subtype: 'trivia', title: 'Q', visibleFrom: 'soon', 'rows.q': '2',
      'q.0.text': 'Founded?', 'q.0.opt.0': '1901', 'q.0.opt.1': '', 'q.0.opt.2': '1920', 'q.0.correct': '2', 'q.0.points': 'five',
      'es.q.0.text': '¿Fundado?',
    }), 'UTC');
    expect(body.visibleFrom).toBe('soon');
    expect(body.draft).toBe(true);
    expect(body.questions).toEqual([{ text: 'Founded?', options: ['1901', '1920'], correctIndex: 1, points: 'five' }]);
    expect(body.translations?.es?.questions).toEqual([{ text: '¿Fundado?', options: ['', ''] }]);
  });
  it('shows the filled rows and blank ones, and one more after "add another"', () => {
    expect(rowsOf({}, 'opt')).toBe(3);
    expect(rowsOf({ 'opt.0.label': 'A', 'opt.1.label': 'B' }, 'opt')).toBe(5);
    expect(rowsOf({ 'rows.opt': '3', more: 'opt' }, 'opt')).toBe(4);
  });
  it('reads a saved challenge back into the same fields', () => {
    const saved = {
      challengeId: 'c1', subtype: 'pickem', title: 'Derby', description: '', hint: null, value: 10, mediaId: null,
      visibleFrom: '2026-07-01T16:00:00.000Z', expiresOn: '2026-07-02T16:00:00.000Z', options: [{ label: 'Win', points: 20 }, { label: 'Loss', points: null }],
      questions: [], answer: null, game: null, translations: { es: { options: ['Ganar'] } },
    } as unknown as AdminChallenge;
    const values = valuesOf(saved, 'Europe/Madrid');
    expect(values).toMatchObject({ visibleFrom: '2026-07-01T18:00', 'opt.0.points': '20', 'opt.1.points': '', 'es.opt.0': 'Ganar', 'es.opt.1': '' });
    expect(inputOf({ ...values, 'rows.opt': '2', intent: 'publish' }, 'Europe/Madrid')).toMatchObject({
      visibleFrom: saved.visibleFrom, expiresOn: saved.expiresOn, options: [{ label: 'Win', points: 20 }, { label: 'Loss' }],
    });
  });
});
