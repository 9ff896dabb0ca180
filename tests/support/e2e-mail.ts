import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./e2e-env";

// The e2e server has no SMTP_URL, so every message is an .eml file in DATA_DIR/mail (the outbox):
// tests read codes where a person would, from the message, never from a back door.

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Appends the decoded text of every base64 part (nodemailer picks base64 for Cyrillic text). */
function withBase64Parts(eml: string): string {
  const parts = [
    ...eml.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  return [
    eml,
    ...parts.map((part) => Buffer.from(part[1]!.replace(/\s+/g, ""), "base64").toString("utf8")),
  ].join("\n");
}

/** Every outbox message sent to this address, oldest first, as decoded text. */
export function messagesTo(email: string): string[] {
  const dir = path.join(e2eDataDir(), "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => withBase64Parts(decodeQuotedPrintable(readFileSync(path.join(dir, file), "utf8"))))
    .filter((eml) => new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(eml));
}

/** Waits for the `count`-th message to this address and returns its 6-digit code. */
export async function codeFor(email: string, count = 1): Promise<string> {
  let code = "";
  await expect
    .poll(
      () => {
        const messages = messagesTo(email);
        if (messages.length < count) return "";
        code = messages[count - 1]!.match(/^(\d{6})$/m)?.[1] ?? "";
        return code;
      },
      { message: `code e-mailed to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
