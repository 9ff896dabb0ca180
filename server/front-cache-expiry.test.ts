import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frontCacheExpiry, frontCacheExpiryHeaders } from "./front-cache-expiry";

// Decision 0135: a front cache may keep a public answer to the end of the second it was made in; an
// answer for one visitor (private, no-store, or setting a cookie) and the application's own paths never
// say so.

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(frontCacheExpiryHeaders());
  app.get("/demo", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.type("html").send("<h1>Маркет</h1>");
  });
  app.get("/demo/prices.json", (_req, res) => void res.json({ products: [] }));
  app.get("/own-store", (_req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.type("html").send("<h1>мојата продавница</h1>");
  });
  app.get("/with-cookie", (_req, res) => void res.cookie("lang", "sq").type("html").send("<p>sq</p>"));
  app.get("/dashboard/products", (_req, res) => void res.type("html").send("<h1>Производи</h1>"));
  app.get("/api/v1/products", (_req, res) => void res.json({ items: [] }));
  app.post("/demo", (_req, res) => void res.type("html").send("<p>thanks</p>"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
});

const expiryOf = async (path: string, method = "GET") =>
  (await fetch(`${base}${path}`, { method })).headers.get("x-accel-expires");

describe("the front cache's expiry", () => {
  it("a public page and a public file may be kept until the end of this second", async () => {
    const before = Math.floor(Date.now() / 1000);
    for (const path of ["/demo", "/demo/prices.json"]) {
      const value = await expiryOf(path);
      expect(value, path).toMatch(/^@\d+$/);
      const second = Number(value!.slice(1));
      expect(second).toBeGreaterThanOrEqual(before);
      expect(second).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    }
    expect(await expiryOf("/demo", "HEAD")).toMatch(/^@\d+$/);
  });

  it("a private answer, one that sets a cookie, the application's paths and a POST say nothing", async () => {
    expect(await expiryOf("/own-store")).toBeNull();
    expect(await expiryOf("/with-cookie")).toBeNull();
    expect(await expiryOf("/dashboard/products")).toBeNull();
    expect(await expiryOf("/api/v1/products")).toBeNull();
    expect(await expiryOf("/demo", "POST")).toBeNull();
  });

  it("names the second as an absolute time, which nginx reads after '@'", () => {
    expect(frontCacheExpiry(Date.UTC(2026, 10, 27, 9, 59, 59, 999))).toBe(
      `@${Date.UTC(2026, 10, 27, 9, 59, 59) / 1000}`,
    );
  });
});
