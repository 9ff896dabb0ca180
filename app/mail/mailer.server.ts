import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body: every message is readable without HTML. */
  text: string;
  html: string;
};

export type Mailer = { send: (message: MailMessage) => Promise<void>; kind: "smtp" | "outbox" };

/**
 * Real delivery over SMTP_URL; without it every message is written as an .eml file under
 * DATA_DIR/mail/ (ARCHITECTURE.md), which local runs and tests can open.
 */
export function createMailer(options: { smtpUrl: string | null; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let folderReady = false;
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // Decision 0119: the outbox holds one-time codes in clear: its folder and files are the
      // server user's only, whatever the process's umask or the folder's earlier mode.
      if (!folderReady) {
        mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
        chmodSync(options.outboxDir, 0o700);
        folderReady = true;
      }
      // Sortable by time; the address is kept out of the file name.
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}

const holder = globalThis as typeof globalThis & { __vitrinaMailer?: Mailer };

export function getMailer(): Mailer {
  if (!holder.__vitrinaMailer) {
    const config = getConfig();
    holder.__vitrinaMailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, "mail"),
      from: config.mailFrom,
    });
  }
  return holder.__vitrinaMailer;
}

export function sendMail(message: MailMessage): Promise<void> {
  return getMailer().send(message);
}
