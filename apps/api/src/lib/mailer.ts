import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export type MailAttachment = { filename: string; content: Buffer | string; contentType: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};
export type Mailer = { send: (mail: Mail) => Promise<void>; outboxDir: string | null };

/** SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the outbox. */
export function createMailer(config: Config, log: (message: string) => void): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      outboxDir: null,
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const outboxDir = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    outboxDir,
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log(`email to ${mail.to} written to ${file}`);
    },
  };
}
