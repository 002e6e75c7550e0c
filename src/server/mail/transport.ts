import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { redactUrlPassword, type Config } from '../env';

/** One email, ready to go: the worker made its link and words. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Derived from the outbox row, so a resend after a crash is recognisably the same message. */
  messageId: string;
  /** The link in it, for the log transport only. */
  link: string;
}

export interface MailTransport {
  /** Where emails go, said in a sentence safe to print (no password). */
  label: string;
  /** Resolves once the mail server accepted the email; rejects with its refusal. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Limits on every step of an SMTP conversation, so a mail server that hangs cannot hold a claimed
 * email for long: the worker's claim timeout is well above their sum.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Nodemailer over SMTP_URL: smtp:// upgrades with STARTTLS when offered, smtps:// is TLS at once. */
export function smtpTransport(smtpUrl: string, mailFrom: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const password = new URL(smtpUrl).password;
  const secrets = [password, decodeURIComponent(password)].filter(Boolean);
  return {
    label: `Emails are sent through SMTP at ${redactUrlPassword(smtpUrl)}`,
    async send(email) {
      try {
        await transporter.sendMail({
          from: mailFrom,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: email.messageId,
        });
      } catch (error) {
        // The refusal is stored and logged to explain a failed email; the password never is.
        let message = error instanceof Error ? error.message : String(error);
        for (const secret of secrets) message = message.split(secret).join('***');
        throw new Error(message || 'The mail server refused the email');
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL nothing is sent: each email is logged and counts as sent, so a new user can
 * follow a welcome or reset link from the terminal. By design this is the ONE place a link (and so
 * a live token) is written to the log; with SMTP_URL set, links never are.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    label: 'Emails are not sent (SMTP_URL is not set): each is logged with its link instead',
    async send(email) {
      log.info(
        { to: email.to, subject: email.subject, link: email.link },
        'email logged instead of sent (SMTP_URL is not set)',
      );
    },
    close: () => undefined,
  };
}

export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  log: FastifyBaseLogger,
): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log);
}
