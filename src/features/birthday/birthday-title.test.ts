import { describe, expect, it } from 'vitest';
import { birthdayTitle } from './birthday-title.ts';

describe('birthdayTitle', () => {
  it('adds the first name', () => expect(birthdayTitle('Happy Birthday', 'Ana')).toBe('Happy Birthday Ana'));
  it('ends with an exclamation mark without one', () => {
    expect(birthdayTitle('Happy Birthday', null)).toBe('Happy Birthday!');
    expect(birthdayTitle('Happy Birthday', '  ')).toBe('Happy Birthday!');
  });
});
