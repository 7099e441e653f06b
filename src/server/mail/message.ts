/** One e-mail as Terrace writes it: sent by the mailer, kept by the development outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
