import nodemailer from "nodemailer";
import type { JobLog } from "./queue.js";

/**
 * E-mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM (README, Configuration).
 * Without both, e-mail is off: the server says so once at start and queues no e-mail; nothing else
 * changes. Every connection is bounded in time, so a silent mail server cannot hold a job forever.
 */
export interface Mailer {
  send(message: { to: string; subject: string; text: string; html: string; language: string }): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(config: { smtpUrl?: string | undefined; mailFrom?: string | undefined }, log: JobLog): Mailer | null {
  if (!config.smtpUrl || !config.mailFrom) {
    log.info(
      { event: "email_off" },
      config.smtpUrl || config.mailFrom
        ? "E-mail is off: SMTP_URL and MAIL_FROM must both be set; notifications stay in the app"
        : "E-mail is off (no SMTP_URL and MAIL_FROM); notifications stay in the app",
    );
    return null;
  }
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    // smtps: TLS from the first byte; smtp: STARTTLS when the server offers it.
    secure: url.protocol === "smtps:",
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const from = config.mailFrom;
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "Content-Language": message.language },
      });
    },
    close: () => transport.close(),
  };
}
