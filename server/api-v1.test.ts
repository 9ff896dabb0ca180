import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/support/raw-http";
import { apiV1 } from "./api-v1";
import { sameOriginWrites } from "./origin-check";

// The door of /api/v1 (decision 0071). A JSON body from another origin's server reaches the handler
// (the form-post middleware is not in its way); a body over the limit is a 413 problem, whether
// declared or streamed.

const LIMIT = 64 * 1024;
const app = express();
app.use(
  "/api/v1",
  apiV1(
    async (request) =>
      Response.json({
        method: request.method,
        path: new URL(request.url).pathname,
        length: (await request.text()).length,
      }),
    { limit: LIMIT },
  ),
);
app.use(sameOriginWrites({ skip: () => false }));

let port = 0;
let server: ReturnType<typeof app.listen>;
beforeAll(async () => {
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("/api/v1 door", () => {
  it("hands a JSON post (from any origin) to the handler with its body and full path", async () => {
    const answer = await rawRequest(port, {
      method: "POST",
      path: "/api/v1/prices/batch",
      headers: { "content-type": "application/json", origin: "https://erp.example" },
      body: JSON.stringify({ items: [] }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ method: "POST", path: "/api/v1/prices/batch", length: 12 });
  });

  it("answers a 413 problem for a declared or streamed body over the limit", async () => {
    const declared = await rawRequest(port, {
      method: "POST",
      path: "/api/v1/prices/batch",
      headers: { "content-type": "application/json" },
      body: "x".repeat(LIMIT + 1),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({
      status: 413,
      type: "https://vitrina.mk/problems/payload-too-large",
    });
    const streamed = await rawRequest(port, {
      method: "POST",
      path: "/api/v1/prices/batch",
      headers: { "content-type": "application/json" },
      stream: { chunkSize: 64 * 1024, chunks: 2000 },
    });
    // 125 MB offered: refused at the limit, long before the client could send it all.
    expect(streamed.status).toBe(413);
    expect(streamed.ms).toBeLessThan(2000);
    expect(streamed.sent).toBeLessThan(LIMIT + 16 * 1024 * 1024);
  });
});
