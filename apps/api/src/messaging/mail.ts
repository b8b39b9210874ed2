/**
 * E-mail over SMTP (issue 36), with nodemailer: the agency's server, user and sender (agency settings)
 * and SMTP_PASSWORD from the environment. Every message a strategy sends says how to stop receiving
 * them, in its text and in the List-Unsubscribe header mail programs show as a button.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Executor } from '../crud';
import type { Db } from '../db/client';
import { agencySettings } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Where the debtor stops receiving e-mail (the portal); null: none. */
  unsubscribeUrl: string | null;
}

export interface MailSender {
  /** Sends one message; resolves with the server's message id, rejects with its reason. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

export type SmtpSettings = Pick<
  typeof agencySettings.$inferSelect,
  'smtpHost' | 'smtpPort' | 'smtpSecure' | 'smtpUser' | 'mailFromName' | 'mailFrom'
>;

export const MAIL_MESSAGES = {
  notReady:
    'El correo no está configurado: indique el servidor SMTP y el remitente en Agencia → Correo y WhatsApp.',
  failed: (reason: string) => `El servidor de correo no aceptó el mensaje: ${reason}`,
};

export const emailReady = (settings: SmtpSettings) => Boolean(settings.smtpHost && settings.mailFrom);

/** A sender over the agency's SMTP server, or null when it has no server or sender. */
export function mailSender(settings: SmtpSettings, password: string | null): MailSender | null {
  if (!emailReady(settings)) return null;
  const transport = nodemailer.createTransport({
    host: settings.smtpHost ?? undefined,
    port: settings.smtpPort,
    secure: settings.smtpSecure,
    auth: settings.smtpUser ? { user: settings.smtpUser, pass: password ?? '' } : undefined,
    // A server that does not answer fails the message, not the run.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const from = { name: settings.mailFromName ?? '', address: settings.mailFrom ?? '' };
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.unsubscribeUrl
            ? { list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Dejar de recibir correos' } } }
            : {}),
        });
        return String(info.messageId ?? '');
      } catch (error) {
        throw new Error(MAIL_MESSAGES.failed(error instanceof Error ? error.message : String(error)));
      }
    },
    close: () => transport.close(),
  };
}

/** The agency's sender as configured now. */
export async function agencyMailSender(db: Executor | Db, config: Pick<Config, 'smtpPassword'>) {
  const [settings] = await db.select().from(agencySettings);
  return settings ? mailSender(settings, config.smtpPassword) : null;
}
