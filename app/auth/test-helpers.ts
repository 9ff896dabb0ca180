import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import type { MailMessage } from "~/mail/mailer.server";
import { type Auth, CLIENT_IP_HEADER, createAuth } from "./auth.server";

/** A better-auth instance on a test database, whose mail lands in `outbox` (tests only). */
export function createTestAuth(database: Database) {
  const outbox: MailMessage[] = [];
  (globalThis as { __vitrinaMailer?: unknown }).__vitrinaMailer = {
    kind: "smtp",
    send: async (message: MailMessage) => {
      outbox.push(message);
    },
  };
  const auth: Auth = createAuth(database.db);

  async function call(
    path: string,
    body: unknown,
    options: { ip?: string; cookie?: string; method?: string } = {},
  ): Promise<Response> {
    const headers = new Headers({
      "content-type": "application/json",
      origin: getConfig().baseUrl,
      [CLIENT_IP_HEADER]:
        options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      "user-agent": "vitest",
    });
    if (options.cookie) headers.set("cookie", options.cookie);
    const method = options.method ?? "POST";
    return auth.handler(
      new Request(new URL(`/api/auth${path}`, getConfig().baseUrl), {
        method,
        headers,
        body: method === "GET" ? undefined : JSON.stringify(body),
      }),
    );
  }

  /** The last code mailed to an address. */
  function lastCode(email: string): string | null {
    const message = outbox.filter((m) => m.to === email).at(-1);
    return message?.text.match(/^\d{6}$/m)?.[0] ?? null;
  }

  function cookieOf(response: Response): string {
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  return { auth, call, outbox, lastCode, cookieOf };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}
