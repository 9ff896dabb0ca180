import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
  startFakeGoogle,
} from "../../tests/support/fake-google";
import { openTestDatabase } from "../../tests/support/test-db";
import { createTestAuth, uniqueEmail } from "./test-helpers";

// Google sign-in through better-auth against the local fake of Google's endpoints.
const fake = startFakeGoogle(0);
let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  if (!fake.listening) await new Promise((resolve) => fake.once("listening", resolve));
  process.env.GOOGLE_CLIENT_ID = FAKE_GOOGLE_CLIENT_ID;
  process.env.GOOGLE_CLIENT_SECRET = FAKE_GOOGLE_CLIENT_SECRET;
  process.env.GOOGLE_OAUTH_BASE_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  t = createTestAuth(database);
});
afterAll(() => {
  fake.close();
});

describe("Google", () => {
  it("signs a new person up through authorization, token and userinfo", async () => {
    const base = process.env.GOOGLE_OAUTH_BASE_URL!;
    const email = uniqueEmail("google");
    await fetch(`${base}/__test/user`, {
      method: "POST",
      body: JSON.stringify({ sub: "g-1", email, name: "G" }),
    });
    const start = await t.call("/sign-in/social", { provider: "google", callbackURL: "/dashboard/products" });
    const body = await start.json();
    expect(start.status, JSON.stringify(body)).toBe(200);
    expect(body.url).toContain(`${base}/o/oauth2/v2/auth`);
    const consent = await fetch(body.url, { redirect: "manual" });
    const callback = consent.headers.get("location")!;
    expect(callback).toContain("/api/auth/callback/google");
    const done = await t.call(
      new URL(callback).pathname.replace("/api/auth", "") + new URL(callback).search,
      undefined,
      {
        method: "GET",
        cookie: t.cookieOf(start),
      },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/products");
    expect(done.headers.getSetCookie().join()).toContain("better-auth.session_token=");
  });
});
