import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { authOverHttpForThisFile } from "../../tests/support/auth-http";
import { CODE_WRONG_TRIES } from "./auth-limits";
import { uniqueEmail } from "./test-helpers";

// Decision 0020: 30 guesses at once, from six loopback addresses, against every endpoint that takes
// a code. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL set.

const { database, t, http } = authOverHttpForThisFile();

const SOURCES = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"];

function wrong(code: string, i: number): string {
  return String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
}

type Case = {
  name: string;
  /** Whether the address needs an account first (a sign-in code also makes one). */
  account?: boolean;
  send: (email: string) => Promise<unknown>;
  guess: (email: string, otp: string, from: string) => ReturnType<typeof http.call>;
};

const CASES: Case[] = [
  {
    name: "the separate code check (switched off)",
    send: (email) => http.call("/email-otp/send-verification-otp", { email, type: "sign-in" }),
    guess: (email, otp, from) =>
      http.call("/email-otp/check-verification-otp", { email, type: "sign-in", otp }, { from }),
  },
  {
    name: "sign-in by code",
    send: (email) => http.call("/email-otp/send-verification-otp", { email, type: "sign-in" }),
    guess: (email, otp, from) => http.call("/sign-in/email-otp", { email, otp }, { from }),
  },
  {
    name: "password reset",
    account: true,
    send: (email) => http.call("/forget-password/email-otp", { email }),
    guess: (email, otp, from) =>
      http.call("/email-otp/reset-password", { email, otp, password: "Brand-new-secret-9" }, { from }),
  },
  {
    name: "address proof at registration",
    send: (email) => http.call("/sign-up/email", { email, password: "Tr1cky-horse-battery", name: "x" }),
    guess: (email, otp, from) => http.call("/email-otp/verify-email", { email, otp }, { from }),
  },
];

describe("a burst of 30 parallel guesses from six addresses", () => {
  for (const c of CASES) {
    it(`${c.name}: at most ${CODE_WRONG_TRIES} tries count, and the right code after them fails`, async () => {
      const email = uniqueEmail("burst");
      if (c.account) await t.register(email);
      await c.send(email);
      const code = t.lastCode(email)!;
      expect(code).toMatch(/^\d{6}$/);
      const start = new Date();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => c.guess(email, wrong(code, i), SOURCES[i % SOURCES.length]!)),
      );
      expect(answers.filter((a) => a.status === 200)).toEqual([]);
      // At most three guesses were compared with the code ("wrong code", 400); every other one was
      // refused before any comparison (403 code used up, 429 address locked, 404 switched off).
      expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(CODE_WRONG_TRIES);
      expect(answers.every((a) => [400, 403, 404, 429].includes(a.status))).toBe(true);
      const counted = await database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.email, email), eq(auditLog.action, "code_attempt"), gt(auditLog.createdAt, start)),
        );
      expect(counted.length).toBeLessThanOrEqual(CODE_WRONG_TRIES);
      const right = await c.guess(email, code, "127.0.0.8");
      expect(right.status).not.toBe(200);
    });
  }
});
