import type { AddressInfo } from "node:net";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, uniqueEmail } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { openTestDatabase } from "../tests/support/test-db";
import { recordClientAddress } from "./client-address";
import { parseTrustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("reads hop counts, booleans and address lists", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy(" 2 ")).toBe(2);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("TRUE")).toBe(true);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy("10.0.0.1, 192.168.0.0/16,fd00::/8,uniquelocal")).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "fd00::/8",
      "uniquelocal",
    ]);
  });

  it("stops the start on a value it cannot read", () => {
    for (const value of [
      "yes",
      "1.5",
      "-1",
      "10.0.0.1/33",
      "10.0.0.300",
      "proxy.example",
      "10.0.0.1,",
      "a/b/c",
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

// With TRUST_PROXY=1 Express got the string "1", so behind a proxy every visitor had
// the proxy's address, and one person's failed sign-ins locked everyone out.
describe("two visitors behind one proxy", () => {
  let database: Database;
  let server: ReturnType<express.Express["listen"]>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { auth } = createTestAuth(database);
    const app = express();
    app.set("trust proxy", parseTrustProxy("1"));
    app.use((req, _res, next) => {
      recordClientAddress(req);
      next();
    });
    app.all("/api/auth/*splat", toNodeHandler(auth));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });

  const signIn = (forwardedFor: string) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: getConfig().baseUrl,
        // What the proxy appends: the client's address, last.
        "x-forwarded-for": `198.51.100.7, ${forwardedFor}`,
      },
      body: JSON.stringify({ email: uniqueEmail(), password: "Wrong-password-1" }),
    }).then((response) => response.status);

  it("get separate sign-in limits", async () => {
    const first: number[] = [];
    for (let i = 0; i < 12; i++) first.push(await signIn("203.0.113.10"));
    expect(first.at(-1)).toBe(429);
    // The other visitor is not locked out by the first one's failures.
    expect(await signIn("203.0.113.20")).toBe(401);
    // And the header's first entry, which the client writes itself, does not pick the bucket.
    expect(await signIn("203.0.113.10")).toBe(429);
  });
});
