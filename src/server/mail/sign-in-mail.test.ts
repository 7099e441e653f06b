import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../testing/test-app.ts';
import { signInMail } from './sign-in-mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A club colour of its own, so the mail shows it rather than the app's default green.
  await t.testDb.db.updateTable('organization_settings').set({ value: '#8a1538' }).where('key', '=', 'themePrimary').execute();
});
afterAll(() => t.close());

async function askForCode(email: string, acceptLanguage?: string) {
  const extra: Record<string, string> = acceptLanguage ? { 'Accept-Language': acceptLanguage } : {};
  const res = await t.app.request('/api/session/email', { method: 'POST', headers: headers(undefined, extra), body: JSON.stringify({ email }) });
  expect(res.status).toBe(202);
  const mail = await t.smtp.waitForMessage(email);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
  return { mail, code };
}

describe(`the sign-in e-mail (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('is written in Spanish for a Spanish page, with the club’s name and colour', async () => {
    const { mail, code } = await askForCode('aficionada@example.com', 'es-ES,es;q=0.9,en;q=0.5');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Tu código para entrar en Terrace FC: ${code}`);
    const link = `http://terrace.test/login/verify-email?email=aficionada%40example.com&code=${code}`;
    expect(mail.text).toBe([
      'Entra en Terrace FC', '', `Tu código para entrar es: ${code}`, 'Sirve una sola vez durante 10 minutos.', '',
      'O abre este enlace para entrar:', link, '',
      'Si no lo has pedido tú, ignora este correo: nadie puede entrar sin el código.', '', '-- ',
      'Enviado por la app de aficionados de Terrace FC.',
    ].join('\n'));
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('>Terrace FC</td>');
    expect(mail.html).toContain('background:#8a1538');
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(mail.html).toContain('>Iniciar sesión</a>');
    // Nothing fetched from elsewhere when the mail is opened.
    expect(mail.html).not.toMatch(/<img|url\(|<link/i);
  });

  it('is written in English for an English page, and when the language is not one the app speaks', async () => {
    const english = await askForCode('supporter@example.com', 'en-GB');
    expect(english.mail.subject).toBe(`Your Terrace FC sign-in code: ${english.code}`);
    expect(english.mail.text).toContain(`Your sign-in code is: ${english.code}\nIt works once, for 10 minutes.`);
    expect(english.mail.html).toContain('<html lang="en">');
    expect(english.mail.html).toContain('>Sign in</a>');
    const french = await askForCode('supporter.fr@example.com', 'fr-FR,fr;q=0.9');
    expect(french.mail.subject).toBe(`Your Terrace FC sign-in code: ${french.code}`);
    const none = await askForCode('supporter.none@example.com');
    expect(none.mail.subject).toBe(`Your Terrace FC sign-in code: ${none.code}`);
  });
});

describe('signInMail', () => {
  const base = { to: 'a@example.com', locale: 'en' as const, code: '123456', link: 'https://club.example/login?a=1&b=2', minutes: 1 };

  it('escapes the club’s name and keeps a pale colour off text on white', async () => {
    const mail = await signInMail({ ...base, club: { name: 'Tom & <Jerry> "FC"', theme: { primary: '#ffe066', onPrimary: '#ffffff' } } });
    expect(mail.subject).toBe('Your Tom & <Jerry> "FC" sign-in code: 123456');
    expect(mail.html).toContain('Tom &#38; &#60;Jerry&#62; &#34;FC&#34;');
    expect(mail.html).not.toContain('<Jerry>');
    expect(mail.text).toContain('It works once, for 1 minute.');
    // White on pale yellow would not read: the band's text turns dark, and links are not yellow.
    expect(mail.html).toContain('background:#ffe066;color:#000000');
    expect(mail.html).toMatch(/word-break:break-all;/);
    expect(mail.html).not.toMatch(/<a [^>]*color:#ffe066/);
  });

  it('falls back to the app’s colours when the club’s are missing or not colours', async () => {
    const mail = await signInMail({ ...base, club: { name: 'FC', theme: { primary: 'red;background:url(x)' } } });
    expect(mail.html).toContain('background:#0b5d3b;color:#ffffff');
    expect(mail.html).not.toContain('url(x)');
  });
});
