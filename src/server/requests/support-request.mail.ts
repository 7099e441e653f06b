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

type Words = ReturnType<typeof translator>;

/** A mail about a request, in the supporter's language: the reference, a button to their requests, the footer. */
async function requestMail(input: RequestMailInput, words: (t: Words, reference: string, club: string) => { subject: string; heading: string; paragraphs: string[] }): Promise<MailMessage> {
  const locale = localeOf(input.locale);
  const t = translator(await loadMessages(locale), locale);
  const club = input.club.name;
  return clubMail({
    to: input.to, locale, club: input.club, ...words(t, input.reference, club),
    button: { label: t('mail.supportRequest.button'), href: input.link },
    footer: t('mail.supportRequest.footer', { club }),
  });
}

/** "We have your request TR-…": sent at once, so the supporter has the reference in writing. */
export function requestReceivedMail(input: RequestMailInput): Promise<MailMessage> {
  return requestMail(input, (t, reference, club) => ({
    subject: t('mail.supportReceived.subject', { reference, club }),
    heading: t('mail.supportReceived.heading', { reference }),
    paragraphs: [t('mail.supportReceived.body', { club }), t('mail.supportReceived.quote', { reference })],
  }));
}

/** The club's answer, in the supporter's language, with the reference they quote. */
export function requestReplyMail(input: RequestMailInput & { message: string }): Promise<MailMessage> {
  return requestMail(input, (t, reference, club) => ({
    subject: t('mail.supportReply.subject', { reference, club }),
    heading: t('mail.supportReply.heading', { club }),
    paragraphs: [t('mail.supportReply.intro', { reference }), ...input.message.split(/\n{2,}/), t('mail.supportReceived.quote', { reference })],
  }));
}
