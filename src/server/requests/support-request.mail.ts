import { isLocale, type Locale } from '../../shared/i18n/locales.ts';
import { loadMessages, translator } from '../../shared/i18n/translate.ts';
import { clubMail } from '../mail/club-mail.ts';
import type { MailMessage } from '../mail/message.ts';

export interface RequestMailInput {
  to: string;
  /** The supporter's language when they wrote (a stored value: an unknown one reads as English). */
  locale: string;
  reference: string;
  /** The supporter's requests page, where every answer stays. */
  link: string;
  club: { name: string; theme: Record<string, string> };
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : 'en');

/** "We have your request TR-…": sent at once, so the supporter has the reference in writing. */
export async function requestReceivedMail(input: RequestMailInput): Promise<MailMessage> {
  const locale = localeOf(input.locale);
  const t = translator(await loadMessages(locale), locale);
  const { reference } = input;
  const club = input.club.name;
  return clubMail({
    to: input.to, locale, club: input.club,
    subject: t('mail.supportReceived.subject', { reference, club }),
    heading: t('mail.supportReceived.heading', { reference }),
    paragraphs: [t('mail.supportReceived.body', { club }), t('mail.supportReceived.quote', { reference })],
    button: { label: t('mail.supportRequest.button'), href: input.link },
    footer: t('mail.supportRequest.footer', { club }),
  });
}

/** The club's answer, in the supporter's language, with the reference they quote. */
export async function requestReplyMail(input: RequestMailInput & { message: string }): Promise<MailMessage> {
  const locale = localeOf(input.locale);
  const t = translator(await loadMessages(locale), locale);
  const { reference } = input;
  const club = input.club.name;
  return clubMail({
    to: input.to, locale, club: input.club,
    subject: t('mail.supportReply.subject', { reference, club }),
    heading: t('mail.supportReply.heading', { club }),
    paragraphs: [t('mail.supportReply.intro', { reference }), ...input.message.split(/\n{2,}/), t('mail.supportReceived.quote', { reference })],
    button: { label: t('mail.supportRequest.button'), href: input.link },
    footer: t('mail.supportRequest.footer', { club }),
  });
}
