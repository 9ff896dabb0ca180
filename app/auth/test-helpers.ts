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

  /**
   * Registers with a password and proves the address with the code mailed to it (decision 0019):
   * the account, its password and the signed-in cookie, as a new owner has them after sign-up.
   */
  async function register(email: string, password = "Tr1cky-horse-battery", extra: object = {}) {
    const signUp = await call("/sign-up/email", { email, password, name: "Owner", ...extra });
    if (signUp.status !== 200) throw new Error(`sign-up of ${email}: ${signUp.status}`);
    const verified = await call("/email-otp/verify-email", { email, otp: lastCode(email) });
    if (verified.status !== 200) throw new Error(`verification of ${email}: ${verified.status}`);
    const body = (await verified.json()) as { user: { id: string } };
    return { id: body.user.id, email, password, cookie: cookieOf(verified) };
  }

  return { auth, call, outbox, lastCode, cookieOf, register };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}
