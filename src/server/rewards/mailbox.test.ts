import { describe, expect, it } from 'vitest';
import { normaliseMailbox, sameMailbox } from './mailbox.ts';

describe('one mailbox however written', () => {
  it.each([
    ['Ana@Example.com', 'ana@example.com'],
    ['ana+club@example.com', 'ana@example.com'],
    ['ana+a+b@example.com', 'ana@example.com'],
    ['a.n.a@example.com', 'a.n.a@example.com'],
    ['A.N.A+x@gmail.com', 'ana@gmail.com'],
    ['a.na+2@GoogleMail.com', 'ana@gmail.com'],
    [' ana@gmail.com ', 'ana@gmail.com'],
  ])('%s is %s', (raw, normal) => {
    expect(normaliseMailbox(raw)).toBe(normal);
  });

  it('tells aliases of one mailbox from different mailboxes', () => {
    expect(sameMailbox('ana@gmail.com', 'a.n.a+1@googlemail.com')).toBe(true);
    expect(sameMailbox('ana@example.com', 'ANA+2@example.com')).toBe(true);
    expect(sameMailbox('ana@example.com', 'a.na@example.com')).toBe(false);
    expect(sameMailbox('ana@example.com', 'ana@example.org')).toBe(false);
  });
});
