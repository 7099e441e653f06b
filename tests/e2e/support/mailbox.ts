import type { APIRequestContext } from '@playwright/test';
import { SINK_HTTP_PORT } from './ports.ts';

/**
 * Where the app's mail can be read: the SMTP sink of the built-server run (real SMTP), or the
 * development outbox when the suite points at `astro dev` (E2E_BASE_URL).
 */
function mailboxUrl(baseURL: string, email: string): string {
  return process.env['E2E_BASE_URL'] ? `${baseURL}/api/dev/mail` : `http://127.0.0.1:${SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`;
}

/** The newest 6-digit sign-in code mailed to `email`, waiting for it to arrive. */
export async function latestCode(request: APIRequestContext, email: string, baseURL: string, notBefore = 0): Promise<string> {
  for (let i = 0; i < 400; i += 1) {
    const { data } = await (await request.get(mailboxUrl(baseURL, email))).json() as { data: { to: string; subject: string }[] };
    const mine = data.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    const code = mine.length > notBefore ? /\b(\d{6})\b/.exec(mine[0]!.subject)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

/** How many messages `email` has received so far (to wait for the next one). */
export async function mailCount(request: APIRequestContext, email: string, baseURL: string): Promise<number> {
  const { data } = await (await request.get(mailboxUrl(baseURL, email))).json() as { data: { to: string }[] };
  return data.filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).length;
}

/** The newest message to `email` once it has more than `notBefore` messages: its subject and text. */
export async function latestMail(
  request: APIRequestContext, email: string, baseURL: string, notBefore = 0,
): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 400; i += 1) {
    const { data } = await (await request.get(mailboxUrl(baseURL, email))).json() as { data: { to: string; subject: string; text: string }[] };
    const mine = data.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    if (mine.length > notBefore) return mine[0]!;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail reached ${email}`);
}
