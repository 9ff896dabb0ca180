import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { FRAME_ANCESTORS_HEADER } from "~/features/embed/embed-origins";
import { securityHeaders } from "./security-headers";

async function headersOf(options: Parameters<typeof securityHeaders>[0]) {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => {
    res.send(`nonce=${res.locals.cspNonce}`);
  });
  const server = app.listen(0);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { headers: response.headers, body: await response.text() };
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("production: scripts only from this origin or with this response's nonce; no framing; HSTS on https", async () => {
    const { headers, body } = await headersOf({ production: true, https: true });
    const csp = headers.get("content-security-policy")!;
    const nonce = body.replace("nonce=", "");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });

  it("a new nonce on every response", async () => {
    const a = await headersOf({ production: true, https: false });
    const b = await headersOf({ production: true, https: false });
    expect(a.body).not.toBe(b.body);
  });

  it("no HSTS over plain http; Google's sign-in page is a permitted form target when configured", async () => {
    const { headers } = await headersOf({
      production: true,
      https: false,
      formTargets: ["https://accounts.google.com"],
    });
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("content-security-policy")).toContain(
      "form-action 'self' https://accounts.google.com",
    );
  });
});

describe("a route's ask to be framed (decision 0136)", () => {
  async function askedHeaders(ask: string | undefined) {
    const app = express();
    app.use(securityHeaders({ production: true, https: true }));
    app.get("/", (_req, res) => {
      if (ask !== undefined) res.append(FRAME_ANCESTORS_HEADER, ask);
      res.send("ok");
    });
    const server = app.listen(0);
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      return response.headers;
    } finally {
      server.close();
    }
  }

  it("names the asked origins in frame-ancestors and drops X-Frame-Options; the ask never leaves", async () => {
    const headers = await askedHeaders("https://marketana.mk https://www.marketana.mk");
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors https://marketana.mk https://www.marketana.mk");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(headers.get("x-frame-options")).toBeNull();
    expect(headers.get(FRAME_ANCESTORS_HEADER)).toBeNull();
  });

  it("an ask with nothing well-formed, or no ask, keeps 'none' and DENY", async () => {
    for (const ask of [undefined, "*", "'unsafe-inline'; script-src *", ""]) {
      const headers = await askedHeaders(ask);
      expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(headers.get("content-security-policy")).not.toContain("script-src *");
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get(FRAME_ANCESTORS_HEADER)).toBeNull();
    }
  });
});
