import type { Locale } from '../../shared/i18n/locales.ts';
import { AA_NORMAL_TEXT, contrastRatio, readableTheme } from '../../shared/theme.ts';
import type { MailMessage } from './message.ts';

/** A short e-mail from the club: a heading, a few paragraphs, one button, in the club's name and colour. */
export interface ClubMail {
  to: string;
  locale: Locale;
  subject: string;
  heading: string;
  paragraphs: string[];
  button: { label: string; href: string };
  footer: string;
  club: { name: string; theme: Record<string, string> };
}

// Used when the club has not set its colours: the app's own defaults (src/styles/global.css).
const FALLBACK = { primary: '#0b5d3b', onPrimary: '#ffffff', background: '#f6f7f9', surface: '#ffffff', text: '#12161c' };
const FONT = 'Arial, Helvetica, sans-serif';
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function clubMail(mail: ClubMail): MailMessage {
  const text = [mail.heading, '', ...mail.paragraphs.flatMap((p) => [p, '']), mail.button.href, '', '-- ', mail.footer].join('\n');
  // Valid club colours over the defaults; a pale brand colour cannot carry link text on white: dark text then.
  const { primary = FALLBACK.primary, onPrimary = FALLBACK.onPrimary } = readableTheme({ ...FALLBACK, ...readableTheme(mail.club.theme) });
  const link = contrastRatio(primary, FALLBACK.surface) >= AA_NORMAL_TEXT ? primary : FALLBACK.text;
  const e = escapeHtml;
  const href = e(mail.button.href);
  const html = `<!doctype html>
<html lang="${e(mail.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(mail.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:${FALLBACK.background};font:16px/1.5 ${FONT};color:${FALLBACK.text};">
<div style="max-width:480px;margin:0 auto;background:${FALLBACK.surface};border:1px solid #e5e7eb;border-radius:8px;">
<div style="background:${primary};color:${onPrimary};padding:20px 24px;border-radius:8px 8px 0 0;font:bold 20px/1.3 ${FONT};">${e(mail.club.name)}</div>
<div style="padding:24px;">
<h1 style="margin:0 0 16px;font:bold 22px/1.3 ${FONT};">${e(mail.heading)}</h1>
${mail.paragraphs.map((p) => `<p style="margin:0 0 16px;">${e(p)}</p>`).join('\n')}
<p style="margin:8px 0 16px;"><a href="${href}" style="display:inline-block;padding:12px 24px;background:${primary};color:${onPrimary};border-radius:6px;font-weight:bold;text-decoration:none;">${e(mail.button.label)}</a></p>
<p style="margin:0;font-size:14px;"><a href="${href}" style="color:${link};word-break:break-all;">${href}</a></p>
</div>
<div style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#4b5563;font-size:13px;">${e(mail.footer)}</div>
</div></body></html>
`;
  return { to: mail.to, subject: mail.subject, text, html };
}
