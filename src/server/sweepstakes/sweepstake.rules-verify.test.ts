import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { api } from '../testing/sweepstakes.ts';

// Issue 26, point 6: the rules PDF sends a supporter to the check in their browser (/sweepstakes/{slug}/verify),
// not to a command and the club's README.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/**
 * The words pdfkit wrote: its content streams inflated, the hex strings of its text operators decoded. Each stream is
 * read by its `/Length`. Found by a search for `\r?\nendstream` instead, a stream whose compressed bytes ended in a
 * carriage return lost that byte to the search and failed to inflate, its words lost: about one PDF in 256, as the
 * PDF's dates change (it failed once in a full run).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/\/Length (\d+)\b[^]*?>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let inflated: string;
    try {
      inflated = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const [, hex] of inflated.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex!, 'hex').toString('latin1');
  }
  return text;
}

describe(`the rules PDF (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  for (const [language, headers] of [['en', {}], ['es', { 'Accept-Language': 'es-ES,es;q=0.9' }]] as const) {
    it(`links to the draw's check in the browser, in ${language}, and names no command`, async () => {
      const { data } = await (await api(t, '/sweepstake/away-day-coach', { headers })).json() as { data: { rulesUrl: string } };
      const text = pdfText(Buffer.from(await (await t.app.request(data.rulesUrl)).arrayBuffer()));
      expect(text).toContain('/sweepstakes/away-day-coach/verify');
      expect(text).not.toMatch(/npm run|README/);
    });

    it(`names the club's time zone as people say it, not by its id, in ${language}`, async () => {
      const { data } = await (await api(t, '/sweepstake/away-day-coach', { headers })).json() as { data: { rulesUrl: string; startsAt: string } };
      const text = pdfText(Buffer.from(await (await t.app.request(data.rulesUrl)).arrayBuffer()));
      const { time_zone: zone } = await t.testDb.db.selectFrom('organizations').select('time_zone').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
      const spoken = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(data.startsAt)).find((p) => p.type === 'timeZoneName')!.value;
      expect(text).toContain(spoken);
      expect(text).not.toContain(zone);
    });
  }
});
