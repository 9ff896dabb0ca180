import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { openTestDatabase } from "../../tests/support/test-db";
import { createTestAuth, uniqueEmail } from "./test-helpers";

// In production BASE_URL is https: the session cookie is Secure, with the __Secure- prefix.
let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  process.env.BASE_URL = "https://vitrina.example";
  database = await openTestDatabase();
  t = createTestAuth(database);
});

describe("session cookie over https", () => {
  it("is __Secure-, Secure, HttpOnly and SameSite=Lax", async () => {
    // The session starts when the address is proven (decision 0019).
    const email = uniqueEmail();
    await t.call("/sign-up/email", { email, password: "Tr1cky-horse-battery", name: "x" });
    const response = await t.call("/email-otp/verify-email", { email, otp: t.lastCode(email) });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Secure-better-auth.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
