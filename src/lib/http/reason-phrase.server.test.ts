import { describe, expect, it } from 'vitest';
import { withReasonPhrase } from './reason-phrase.server.ts';

describe('withReasonPhrase', () => {
  it("gives a page that set another status node's reason phrase instead of Astro's default OK", async () => {
    const page = new Response('<p>form</p>', { status: 422, statusText: 'OK', headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } });
    const answered = withReasonPhrase(page);
    expect(answered.status).toBe(422);
    expect(answered.statusText).toBe('Unprocessable Entity');
    expect(answered.headers.get('set-cookie')).toBe('a=1');
    expect(await answered.text()).toBe('<p>form</p>');
    for (const [status, phrase] of [[400, 'Bad Request'], [404, 'Not Found'], [503, 'Service Unavailable']] as const) {
      expect(withReasonPhrase(new Response(null, { status, statusText: 'OK' })).statusText).toBe(phrase);
    }
  });

  it('fills an empty status text (an answer made in process) and keeps one that was given', () => {
    expect(withReasonPhrase(new Response(null, { status: 401 })).statusText).toBe('Unauthorized');
    const ok = new Response('x', { status: 200, statusText: 'OK' });
    expect(withReasonPhrase(ok)).toBe(ok);
    const named = new Response(null, { status: 422, statusText: 'Unprocessable Content' });
    expect(withReasonPhrase(named)).toBe(named);
  });
});
