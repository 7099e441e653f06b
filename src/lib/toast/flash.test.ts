import { describe, expect, it } from 'vitest';
import { FLASH_COOKIE, parseFlashToast, serialiseFlashToast, toFlashToast } from './flash.ts';

describe('the flash toast cookie', () => {
  it('is named terrace_flash', () => {
    expect(FLASH_COOKIE).toBe('terrace_flash');
  });

  it('round-trips a full toast', () => {
    const flash = {
      title: 'Profile saved',
      description: 'Your changes are live.',
      variant: 'destructive' as const,
      action: { label: 'View', href: '/profile?tab=1#top' },
    };
    expect(parseFlashToast(serialiseFlashToast(flash))).toEqual(flash);
  });

  it('round-trips a title alone and an action without a link', () => {
    expect(parseFlashToast(serialiseFlashToast({ title: 'Hi' }))).toEqual({ title: 'Hi' });
    expect(parseFlashToast(serialiseFlashToast({ title: 'Hi', action: { label: 'OK' } }))).toEqual({
      title: 'Hi',
      action: { label: 'OK' },
    });
  });

  it('accepts a 200-character title and a 500-character description', () => {
    const flash = { title: 't'.repeat(200), description: 'd'.repeat(500) };
    expect(toFlashToast(flash)).toEqual(flash);
  });

  it('drops fields it does not know', () => {
    expect(toFlashToast({ title: 'Hi', duration: 1, onClick: 'x' })).toEqual({ title: 'Hi' });
  });

  it.each([
    ['a too long title', { title: 't'.repeat(201) }],
    ['a too long description', { title: 'Hi', description: 'd'.repeat(501) }],
    ['an empty title', { title: '  ' }],
    ['no title', { description: 'x' }],
    ['a number for a title', { title: 42 }],
    ['an unknown variant', { title: 'Hi', variant: 'success' }],
    ['an action without a label', { title: 'Hi', action: { href: '/x' } }],
    ['an action leaving the site', { title: 'Hi', action: { label: 'Go', href: 'https://evil.example/' } }],
    ['a javascript: action', { title: 'Hi', action: { label: 'Go', href: 'javascript:alert(1)' } }],
    ['an array', [{ title: 'Hi' }]],
    ['null', null],
  ])('refuses %s', (_name, value) => {
    expect(toFlashToast(value)).toBeUndefined();
    expect(parseFlashToast(JSON.stringify(value))).toBeUndefined();
  });

  it.each(['', '{', 'not json', '"just a string"', '123', undefined])('parses the malformed cookie %j to undefined', (raw) => {
    expect(parseFlashToast(raw)).toBeUndefined();
  });

  it('will not serialise an invalid toast', () => {
    expect(() => serialiseFlashToast({ title: 't'.repeat(201) })).toThrow(RangeError);
    expect(() => serialiseFlashToast({ title: 'Hi', variant: 'loud' as 'default' })).toThrow(RangeError);
  });
});
