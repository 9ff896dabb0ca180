import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawRequest, rawRequest } from "../tests/support/raw-http";
import { bodyLimit } from "./body-limit";
import { inputGuard, unreadableInput } from "./input-guard";
import { sameOriginWrites } from "./origin-check";

// Decision 0121 at the server's door, in the order server/app.ts mounts it: what no route can read
// is refused with 400 (a problem under /api/, a page in the visitor's language elsewhere).

const app = express();
app.use(inputGuard());
app.use(sameOriginWrites({ skip: (path) => path.startsWith("/api/auth/") }));
app.use(bodyLimit({ rules: [], rawPaths: ["/api/auth/"] }));
app.use((req, res) => res.json({ path: req.originalUrl }));

let server: ReturnType<typeof app.listen>;
const send = (options: RawRequest) => rawRequest((server.address() as AddressInfo).port, options);
const session = { cookie: "better-auth.session_token=abc.def" };

beforeAll(
  () =>
    new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    }),
);
afterAll(() => {
  server.close();
  server.closeAllConnections();
});

describe("paths and queries", () => {
  it("tells what cannot be read", () => {
    for (const path of [
      "/a%00",
      "/demo%00/prices.csv",
      "/%C0%AF",
      "/%FF",
      "/%ZZ",
      "/a%2Fb",
      "/a%5cb",
      "/a%0Ab",
    ])
      expect([path, unreadableInput(path, "")]).toEqual([path, "path"]);
    for (const query of ["q=%00", "q=%C0%AF", "q=%FF", "q=%ZZ", "%00=x"])
      expect([query, unreadableInput("/demo", query)]).toEqual([query, "query"]);
    // An external id may hold a "/" (ART/1001), sent encoded to the REST API.
    expect(unreadableInput("/api/v1/products/by-external-id/ART%2F1001", "")).toBeNull();
    expect(unreadableInput("/demo", "q=%D0%BB%D0%B5%D0%B1+%F0%9F%8D%9E&page=2")).toBeNull();
  });

  it("answers a page in the visitor's language, with and without a session", async () => {
    for (const headers of [{}, session]) {
      const answer = await send({ path: "/a%00", headers });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain('<html lang="mk">');
      expect(answer.body).toContain("Адресата или формуларот не може да се прочита");
    }
    const english = await send({ path: "/demo?q=%FF", headers: { cookie: "lang=en; x=1" } });
    expect(english.status).toBe(400);
    expect(english.body).toContain("The address or form could not be read");
  });

  it("answers a problem under /api/", async () => {
    const answer = await send({ path: "/api/v1/products?barcode=%00", headers: session });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe("application/problem+json");
    expect(JSON.parse(answer.body)).toMatchObject({ type: "https://vitrina.mk/problems/validation" });
  });

  it("merges repeated slashes, and lets junk cookies through to be ignored", async () => {
    const merged = await send({ path: "/api/admin/users//impersonate?x=1" });
    expect(JSON.parse(merged.body)).toEqual({ path: "/api/admin/users/impersonate?x=1" });
    const cookies = await send({
      path: "/demo",
      headers: { cookie: "lang=%00; better-auth.session_token=%C0%AF; ===;" },
    });
    expect(cookies.status).toBe(200);
  });
});

describe("bodies", () => {
  const origin = (port: number) => `http://localhost:${port}`;

  it("refuses a form field with a NUL", async () => {
    const port = (server.address() as AddressInfo).port;
    for (const headers of [{}, session]) {
      const answer = await send({
        method: "POST",
        path: "/auth/login",
        headers: { ...headers, origin: origin(port), "content-type": "application/x-www-form-urlencoded" },
        body: "email=a%00%40x.mk&password=x",
      });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe("text/html; charset=utf-8");
    }
  });

  it("refuses a JSON body to better-auth with a NUL or an unpaired surrogate", async () => {
    for (const body of ['{"email":"a\\u0000@x.mk","password":"x"}', '{"name":"a\\ud800"}']) {
      const answer = await send({
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe("application/problem+json");
    }
    const emoji = await send({
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      body: '{"name":"\\ud83c\\udf5e"}',
    });
    expect(emoji.status).toBe(200);
  });
});

describe("the write check", () => {
  it("refuses Origin: null, with and without a session", async () => {
    for (const headers of [{}, session]) {
      const answer = await send({
        method: "POST",
        path: "/dashboard/categories",
        headers: { ...headers, origin: "null", "content-type": "application/x-www-form-urlencoded" },
        body: "intent=create&name=x",
      });
      expect(answer.status).toBe(403);
    }
  });
});
