import type { Locale } from '../../shared/i18n/locales.ts';
import { loadMessages, translator } from '../../shared/i18n/translate.ts';
import { AA_NORMAL_TEXT, contrastRatio, readableTheme } from '../../shared/theme.ts';
import type { MailMessage } from './mailer.ts';

export interface SignInMailInput {
  to: string;
  locale: Locale;
  code: string;
  /** The verify page with the address and the code filled in. */
  link: string;
  /** How long the code works, in minutes. */
  minutes: number;
  /** The club: its name and colours (`primary`, `onPrimary`…), as the organization's settings hold them. */
  club: { name: string; theme: Record<string, string> };
}

// Used when the club has not set its colours: the app's own defaults (src/styles/global.css).
const FALLBACK = { primary: '#0b5d3b', onPrimary: '#ffffff', background: '#f6f7f9', surface: '#ffffff', text: '#12161c' };
const MUTED = '#4b5563';
const FONT = 'Arial, Helvetica, sans-serif';

/** The sign-in e-mail in the supporter's language, with the club's name and colour. */
export async function signInMail(input: SignInMailInput): Promise<MailMessage> {
  const t = translator(await loadMessages(input.locale), input.locale);
  const club = input.club.name;
  const words = {
    subject: t('mail.signIn.subject', { club, code: input.code }),
    preview: t('mail.signIn.preview'),
    heading: t('mail.signIn.heading', { club }),
    intro: t('mail.signIn.intro'),
    validity: t('mail.signIn.validity', { count: input.minutes }),
    button: t('mail.signIn.button'),
    linkIntro: t('mail.signIn.linkIntro'),
    ignore: t('mail.signIn.ignore'),
    footer: t('mail.signIn.footer', { club }),
  };
  // The code comes before any other number: readers (and tests) take the first six digits.
  const text = [
    words.heading, '', `${words.intro} ${input.code}`, words.validity, '', words.linkIntro, input.link, '', words.ignore,
    '', `-- `, words.footer,
  ].join('\n');
  return { to: input.to, subject: words.subject, text, html: html(input, words) };
}

/** Text and link colours that read on their grounds, whatever the club chose. */
function colours(theme: Record<string, string>) {
  // Valid club colours over the defaults, then "on" colours fixed where they would not read.
  const { primary = FALLBACK.primary, onPrimary = FALLBACK.onPrimary } = readableTheme({ ...FALLBACK, ...readableTheme(theme) });
  // A pale brand colour cannot carry link text on white: dark text then, the colour stays in the band.
  const link = contrastRatio(primary, FALLBACK.surface) >= AA_NORMAL_TEXT ? primary : FALLBACK.text;
  return { primary, onPrimary, link };
}

function html(input: SignInMailInput, words: Record<string, string>): string {
  const { primary, onPrimary, link: linkColour } = colours(input.club.theme);
  const e = escapeHtml;
  const href = e(input.link);
  const p = (style: string, content: string) => `<p style="margin:0 0 16px;${style}">${content}</p>`;
  return `<!doctype html>
<html lang="${e(input.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light only">
<title>${e(words['subject']!)}</title>
</head>
<body style="margin:0;padding:0;background:${FALLBACK.background};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${e(words['preview']!)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${FALLBACK.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background:${FALLBACK.surface};border-radius:8px;border:1px solid #e5e7eb;">
<tr><td style="background:${primary};color:${onPrimary};padding:20px 24px;border-radius:8px 8px 0 0;font:bold 20px/1.3 ${FONT};">${e(input.club.name)}</td></tr>
<tr><td style="padding:24px;color:${FALLBACK.text};font:16px/1.5 ${FONT};">
<h1 style="margin:0 0 16px;font:bold 22px/1.3 ${FONT};color:${FALLBACK.text};">${e(words['heading']!)}</h1>
${p('', e(words['intro']!))}
<p style="margin:0 0 16px;padding:12px;background:${FALLBACK.background};border-radius:6px;text-align:center;font:bold 32px/1.2 'Courier New', Courier, monospace;letter-spacing:6px;color:${FALLBACK.text};">${e(input.code)}</p>
${p('', e(words['validity']!))}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;"><tr>
<td style="background:${primary};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:${onPrimary};font:bold 16px/1.2 ${FONT};text-decoration:none;">${e(words['button']!)}</a></td>
</tr></table>
${p(`font-size:14px;color:${MUTED};`, `${e(words['linkIntro']!)}<br><a href="${href}" style="color:${linkColour};word-break:break-all;">${href}</a>`)}
${p(`font-size:14px;color:${MUTED};`, e(words['ignore']!))}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:${MUTED};font:13px/1.4 ${FONT};">${e(words['footer']!)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
