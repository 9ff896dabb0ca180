import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { postSchema } from "~/features/posts/post.schema";
import { createPost } from "~/features/posts/post.server";
import { skopjeDay } from "~/lib/calendar";
import { startRouteDatabase } from "../tests/support/route-harness";
import { createTestStore } from "../tests/support/test-db";
import { compressResponses } from "./compress-responses";
import { frontCacheExpiryHeaders } from "./front-cache-expiry";
import { publicStorePages } from "./public-pages";
import { securityHeaders } from "./security-headers";

// Decisions 0144, 0147: the published documents answer a signed-out visitor's GET and HEAD of the
// store's posts and files pages in server/app.ts's order (security headers, compression, the front
// cache's expiry), with the headers their routes send; everything else falls through to React
// Router (here a stand-in that says it answered).

vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

let database: Database;
let server: Server;
let base: string;
let username: string;
let inactive: string;

beforeAll(async () => {
  database = await startRouteDatabase();
  const shop = await createTestStore(database);
  username = shop.username;
  // Long enough that the page is over compression's 1 KB threshold either way.
  await createPost(
    shop.ctx,
    postSchema.parse({
      title: "Нова цена на млекото",
      body: "Текст ".repeat(200),
      publishOn: skopjeDay(new Date()),
      published: "on",
    }),
  );
  inactive = (await createTestStore(database, { active: false })).username;
  const app = express();
  app.use(securityHeaders({ production: true, https: true }));
  app.use(compressResponses());
  app.use(frontCacheExpiryHeaders());
  app.use(publicStorePages());
  app.use((_req, res) => {
    res.status(299).setHeader("x-answered-by", "react-router");
    res.end();
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeDatabase();
});

function ask(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the posts and files pages' published documents over HTTP", () => {
  it("answer with their routes' headers, compressed, with the nonce of this response", async () => {
    for (const [sub, cacheControl] of [
      ["posts", "public, max-age=0, must-revalidate"],
      // The files page names no Cache-Control, as its route never did.
      ["prices", undefined],
    ] as const) {
      const answer = await ask(`/${username}/${sub}`, { "accept-encoding": "gzip", cookie: "lang=en" });
      expect([sub, answer.status, answer.headers["x-answered-by"]]).toEqual([sub, 200, undefined]);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe(cacheControl);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["x-accel-expires"]).toMatch(/^@\d+$/);
      const html = gunzipSync(answer.body).toString("utf8");
      expect(html).toContain('<html lang="en" data-messages="public">');
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1];
      expect(html).toContain(`<script nonce="${nonce}">`);
    }
    const mk = await ask(`/${username}/posts`);
    expect(mk.body.toString("utf8")).toContain('<html lang="mk" data-messages="public">');
    expect(mk.body.toString("utf8")).toContain("Нова цена на млекото");
  });

  it("answer a HEAD with the headers and no body", async () => {
    const answer = await ask(`/${username}/posts`, {}, "HEAD");
    expect([answer.status, answer.headers["cache-control"], answer.body.length]).toEqual([
      200,
      "public, max-age=0, must-revalidate",
      0,
    ]);
  });

  it("leave to React Router a signed-in visitor, a flash message, a form post, an unknown or hidden store and a data request", async () => {
    const cases: [string, Record<string, string>, string][] = [
      [`/${username}/posts`, { cookie: "better-auth.session_token=x" }, "GET"],
      [`/${username}/prices`, { cookie: "lang=en; flash=x" }, "GET"],
      [`/${username}/posts`, {}, "POST"],
      ["/no-such-store/posts", {}, "GET"],
      [`/${inactive}/posts`, {}, "GET"],
      [`/${inactive}/prices`, {}, "GET"],
      [`/${username}/posts.data`, {}, "GET"],
      [`/${username}/prices/day/2026-11-18`, {}, "GET"],
    ];
    for (const [path, headers, method] of cases) {
      const answer = await ask(path, headers, method);
      expect([path, method, answer.headers["x-answered-by"]]).toEqual([path, method, "react-router"]);
    }
  });
});
