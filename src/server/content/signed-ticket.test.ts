import { describe, expect, it } from 'vitest';
import { checkTicket, issueTicket, TICKET_LIFETIME_MS } from './signed-ticket.ts';

const SECRET = 'a-secret-of-thirty-two-characters!';
const READ = { version: 'r1', purpose: 'article-read' };
const WATCH = { version: 'w1', purpose: 'video-watch' };
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('signed tickets', () => {
  it('holds for the kind, supporter and item it was issued for, and nothing else', () => {
    const ticket = issueTicket(READ, SECRET, 'u1', 'a1', NOW);
    expect(checkTicket(READ, SECRET, ticket, 'u1', 'a1', NOW + 1_000)).toEqual({ ok: true, issuedAt: NOW });
    expect(checkTicket(READ, SECRET, ticket, 'u2', 'a1', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTicket(READ, SECRET, ticket, 'u1', 'a2', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTicket(READ, 'another-secret-of-thirty-two-chars', ticket, 'u1', 'a1', NOW)).toEqual({ ok: false, reason: 'invalid' });
    // The same signature under another kind's version and purpose is no good.
    expect(checkTicket(WATCH, SECRET, ticket.replace(/^r1/, 'w1'), 'u1', 'a1', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered, malformed, expired or future ticket', () => {
    const ticket = issueTicket(WATCH, SECRET, 'u1', 'v1', NOW);
    const [version, issued, signature] = ticket.split('.');
    expect(checkTicket(WATCH, SECRET, `${version}.${Number(issued) - 60_000}.${signature}`, 'u1', 'v1', NOW).ok).toBe(false);
    expect(checkTicket(WATCH, SECRET, `${ticket}.extra`, 'u1', 'v1', NOW).ok).toBe(false);
    expect(checkTicket(WATCH, SECRET, '', 'u1', 'v1', NOW).ok).toBe(false);
    expect(checkTicket(WATCH, SECRET, ticket, 'u1', 'v1', NOW + TICKET_LIFETIME_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(checkTicket(WATCH, SECRET, ticket, 'u1', 'v1', NOW - 10_000)).toEqual({ ok: false, reason: 'expired' });
  });
});
