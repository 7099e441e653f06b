import type { Locale } from '../../shared/i18n/locales.ts';
import type { OperatorRole } from '../../shared/operator-roles.ts';
import { loadMessages, translator } from '../../shared/i18n/translate.ts';
import { clubMail } from '../mail/club-mail.ts';
import type { MailMessage } from '../mail/message.ts';

export interface InviteMailInput {
  to: string;
  locale: Locale;
  role: OperatorRole;
  /** The inviting owner's address. */
  invitedBy: string;
  /** The console's sign-in page with the address filled in. */
  link: string;
  club: { name: string; theme: Record<string, string> };
}

const ROLE_NAMES = { owner: 'admin.role.owner', editor: 'admin.role.editor', support: 'admin.role.support' } as const satisfies Record<OperatorRole, string>;

/** The invitation to the club's console, in the inviting owner's language. */
export async function inviteMail(input: InviteMailInput): Promise<MailMessage> {
  const t = translator(await loadMessages(input.locale), input.locale);
  const club = input.club.name;
  const role = t(ROLE_NAMES[input.role]);
  return clubMail({
    to: input.to, locale: input.locale, club: input.club,
    subject: t('mail.operatorInvite.subject', { club }),
    heading: t('mail.operatorInvite.heading', { club }),
    paragraphs: [t('mail.operatorInvite.body', { by: input.invitedBy, role }), t('mail.operatorInvite.how')],
    button: { label: t('mail.operatorInvite.button'), href: input.link },
    footer: t('mail.operatorInvite.footer', { club }),
  });
}
