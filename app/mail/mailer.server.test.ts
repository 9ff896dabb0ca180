import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { renderMail } from "./layout.server";
import { createMailer } from "./mailer.server";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const message = renderMail(
  "owner@example.test",
  {
    subject: "Код за најава: 123456",
    heading: "Вашиот код",
    paragraphs: ["Внесете го кодот <веднаш>."],
    code: "123456",
    footer: "Витрина",
  },
  "mk",
);

describe("mail", () => {
  it("writes an .eml file with text and escaped HTML when no SMTP server is set", async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), "vitrina-mail-"));
    dirs.push(outboxDir);
    const mailer = createMailer({ smtpUrl: null, outboxDir, from: "Vitrina <no-reply@vitrina.mk>" });
    await mailer.send(message);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0]!), "utf8");
    expect(eml).toContain("To: owner@example.test");
    expect(eml).toMatch(/multipart\/alternative/);
    expect(eml).not.toContain("<веднаш>");
  });

  it("keeps the outbox (codes in clear) readable by the server's user only, whatever the umask", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-mail-"));
    dirs.push(dataDir);
    chmodSync(dataDir, 0o755);
    const outboxDir = path.join(dataDir, "mail");
    const umask = process.umask(0o022);
    try {
      const mailer = createMailer({ smtpUrl: null, outboxDir, from: "Vitrina <no-reply@vitrina.mk>" });
      await mailer.send(message);
      // An outbox left 0755 by an earlier version is tightened too.
      chmodSync(outboxDir, 0o755);
      const again = createMailer({ smtpUrl: null, outboxDir, from: "Vitrina <no-reply@vitrina.mk>" });
      await again.send(message);
    } finally {
      process.umask(umask);
    }
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    for (const file of files) expect(statSync(path.join(outboxDir, file)).mode & 0o777).toBe(0o600);
  });

  it("delivers through a real SMTP server", async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        outboxDir: "/nonexistent",
        from: "Vitrina <no-reply@vitrina.mk>",
      });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(["owner@example.test"]);
      expect(received[0]!.data).toContain("123456");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
