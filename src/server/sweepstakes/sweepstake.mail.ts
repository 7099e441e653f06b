import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import { loadMessages, translator } from '../../shared/i18n/translate.ts';
import { AA_NORMAL_TEXT, contrastRatio, readableTheme } from '../../shared/theme.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { SweepstakeTable } from './sweepstake.table.ts';

export interface WinnerMailInput {
  to: string;
  locale: Locale;
  firstName: string | null;
  sweepstake: Pick<Selectable<SweepstakeTable>, 'title' | 'prize'>;
  /** The sweepstake's page, where the draw is published. */
  link: string;
  club: { name: string; theme: Record<string, string> };
}

const FALLBACK = { primary: '#0b5d3b', onPrimary: '#ffffff', background: '#f6f7f9', surface: '#ffffff', text: '#12161c' };
const FONT = 'Arial, Helvetica, sans-serif';
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The winner's e-mail, in the language of the draw's request, with the club's name and colour. */
export async function winnerMail(input: WinnerMailInput): Promise<MailMessage> {
  const t = translator(await loadMessages(input.locale), input.locale);
  const club = input.club.name;
  const { title, prize } = input.sweepstake;
  const words = {
    subject: t('mail.sweepstakeWin.subject', { title }),
    greeting: input.firstName ? t('mail.sweepstakeWin.greeting', { name: input.firstName }) : t('mail.sweepstakeWin.greetingNoName'),
    won: t('mail.sweepstakeWin.won', { title, prize }),
    next: t('mail.sweepstakeWin.next', { club }),
    button: t('mail.sweepstakeWin.button'),
    footer: t('mail.signIn.footer', { club }),
  };
  const text = [words.greeting, '', words.won, '', words.next, '', input.link, '', '-- ', words.footer].join('\n');
  const { primary = FALLBACK.primary, onPrimary = FALLBACK.onPrimary } = readableTheme({ ...FALLBACK, ...readableTheme(input.club.theme) });
  const link = contrastRatio(primary, FALLBACK.surface) >= AA_NORMAL_TEXT ? primary : FALLBACK.text;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(input.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(words.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:${FALLBACK.background};font:16px/1.5 ${FONT};color:${FALLBACK.text};">
<div style="max-width:480px;margin:0 auto;background:${FALLBACK.surface};border:1px solid #e5e7eb;border-radius:8px;">
<div style="background:${primary};color:${onPrimary};padding:20px 24px;border-radius:8px 8px 0 0;font:bold 20px/1.3 ${FONT};">${e(club)}</div>
<div style="padding:24px;">
<h1 style="margin:0 0 16px;font:bold 22px/1.3 ${FONT};">${e(words.greeting)}</h1>
<p style="margin:0 0 16px;">${e(words.won)}</p>
<p style="margin:0 0 24px;">${e(words.next)}</p>
<p style="margin:0 0 16px;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 24px;background:${primary};color:${onPrimary};border-radius:6px;font-weight:bold;text-decoration:none;">${e(words.button)}</a></p>
<p style="margin:0;font-size:14px;"><a href="${e(input.link)}" style="color:${link};word-break:break-all;">${e(input.link)}</a></p>
</div>
<div style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#4b5563;font-size:13px;">${e(words.footer)}</div>
</div></body></html>
`;
  return { to: input.to, subject: words.subject, text, html };
}
