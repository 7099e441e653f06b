import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { endNow, enterFree, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { drawSweepstake, type OperatorContext } from './sweepstake.operator.ts';

// A winner's e-mail is claimed before it is sent (migration 037): what happens to a claim when the mail does not
// go, and when the process that took it died. (Several draw calls at once: sweepstake.admin.test.ts.)

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const context = (mailer = t.mailer): OperatorContext => ({ db: t.testDb.db, mailer, publicUrl: 'http://terrace.test', locale: 'en' });
const quiet = { info: () => undefined, error: () => undefined };

async function endedWithWinners(winnerCount: number) {
  const s = await newSweepstake(t, { winnerCount });
  const supporters = await Promise.all(Array.from({ length: winnerCount }, () => newSupporter(t)));
  for (const p of supporters) await enterFree(t, s.id, p.token);
  await endNow(t, s.id);
  return { s, emails: supporters.map((p) => p.email) };
}

const mailedTo = (since: number) => t.smtp.messages.slice(since).flatMap((m) => m.to).sort();

describe(`a winner's e-mail (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('gives its claim back when the mail server refuses it, and the next draw call sends it, once', async () => {
    const { s, emails } = await endedWithWinners(2);
    // A mail server that has gone: its port closed before the draw.
    const gone = await startTestSmtpServer();
    await gone.close();
    const down = createMailer({ smtpUrl: gone.url, from: 'Terrace FC <no-reply@terrace.test>', logger: quiet });
    const sent = t.smtp.messages.length;
    const first = await drawSweepstake(context(down), s.id);
    await down.close();
    expect(first.winners.map((w) => w.notified)).toEqual([false, false]);

    const second = await drawSweepstake(context(), s.id);
    expect(second.winners.map((w) => w.notified)).toEqual([true, true]);
    expect(second.winners.map((w) => w.entryId)).toEqual(first.winners.map((w) => w.entryId));
    await drawSweepstake(context(), s.id);
    expect(mailedTo(sent)).toEqual([...emails].sort());
  });

  it('takes over a claim its process left minutes ago, and leaves one being sent now', async () => {
    const { s, emails } = await endedWithWinners(2);
    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Terrace FC <no-reply@terrace.test>', logger: quiet });
    const drawn = await drawSweepstake(context(down), s.id);
    await down.close();
    const [first, second] = drawn.winners;
    // Winner 1's mail was taken by a process that stopped mid-send 10 minutes ago; winner 2's by one sending now.
    const claim = (position: number, at: Date) => t.testDb.db.updateTable('sweepstake_winners').set({ mail_claimed_at: at.toISOString() })
      .where('sweepstake_id', '=', s.id).where('position', '=', position).execute();
    await claim(first!.position, new Date(Date.now() - 10 * 60_000));
    await claim(second!.position, new Date());
    const sent = t.smtp.messages.length;

    const after = await drawSweepstake(context(), s.id);
    expect(after.winners.map((w) => w.notified)).toEqual([true, false]);
    const winner1 = await t.testDb.db.selectFrom('sweepstake_winners').innerJoin('users', 'users.id', 'sweepstake_winners.user_id')
      .select('users.email').where('sweepstake_id', '=', s.id).where('position', '=', first!.position).executeTakeFirstOrThrow();
    expect(emails).toContain(winner1.email);
    expect(mailedTo(sent)).toEqual([winner1.email]);
  });
});
