import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import { loadMessages, translator } from '../../shared/i18n/translate.ts';
import { clubMail } from '../mail/club-mail.ts';
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
  return clubMail({
    to: input.to, locale: input.locale, subject: words.subject, heading: words.greeting, paragraphs: [words.won, words.next],
    button: { label: words.button, href: input.link }, footer: words.footer, club: input.club,
  });
}
