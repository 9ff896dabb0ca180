import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawRequest, rawRequest } from "../tests/support/raw-http";
import { bodyLimit, FORM_BODY_LIMIT, withReadBody } from "./body-limit";
import { sameOriginWrites } from "./origin-check";

// At the server's door (decision 0021): body limits, unreadable forms, malformed Origins.
// The handler reads the body the way React Router's Express adapter does.

const app = express();
app.use(sameOriginWrites({ skip: (path) => path.startsWith("/api/auth/") }));
app.use(
  bodyLimit({
    rules: [
      {
        paths: ["/api/images"],
        limit: 5 * 1024 * 1024,
        tooLarge: { ok: false, errors: { form: "errors:imageTooLarge" } },
      },
      {
        paths: ["/verify"],
        limit: 1024 * 1024,
        tooLargeLocation: "/verify?error=fileTooLarge",
        drainUpTo: 32 * 1024 * 1024,
      },
    ],
    rawPaths: ["/api/auth/"],
  }),
);
app.post("/api/auth/sign-in/email", (req, res) => {
  res.json({ body: (req as unknown as { body: string }).body });
});
app.delete("/api/_auth/session", (_req, res) => {
  res.json({ success: true });
});
app.use(async (req, res) => {
  const request = new Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: createReadableStreamFromReadable(withReadBody(req)),
    duplex: "half",
  } as RequestInit);
  const form = await request.formData();
  res.json(Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value).length])));
});

let server: ReturnType<typeof app.listen>;
const port = () => (server.address() as AddressInfo).port;

/** A request to the door (a POST to /demo unless told), sent as written; see tests/support/raw-http.ts. */
const send = (options: Omit<RawRequest, "path"> & { path?: string }) =>
  rawRequest(port(), { path: "/demo", method: "POST", ...options });

const form = { "content-type": "application/x-www-form-urlencoded" };

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

describe("request bodies", () => {
  it("a form within the limit reaches the action whole", async () => {
    const answer = await send({ headers: form, body: `productId=abc&description=${"x".repeat(900_000)}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ productId: 3, description: 900_000 });
    const multipart = new FormData();
    multipart.set("file", new Blob([Buffer.alloc(3 * 1024 * 1024)]), "photo.jpg");
    const encoded = new Response(multipart);
    const upload = await send({
      path: "/api/images",
      headers: { "content-type": encoded.headers.get("content-type")! },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(JSON.parse(upload.body)).toEqual({ file: "[object File]".length });
  });

  it("a browser's multipart boundary keeps its capitals (Chromium's ----WebKitFormBoundary…)", async () => {
    const boundary = "----WebKitFormBoundaryAbCdEf12345";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="logo.png"',
      "Content-Type: image/png",
      "",
      "PNGDATA",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const upload = await send({
      path: "/api/images",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body)).toEqual({ file: "[object File]".length });
  });

  it("a DELETE without a body passes untouched (signing out through /api/_auth/session)", async () => {
    const answer = await send({ method: "DELETE", path: "/api/_auth/session" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: true });
  });

  it("a declared body over the limit is refused with 413 before it is read", async () => {
    const answer = await send({
      headers: { ...form, "content-length": String(250 * 1024 * 1024) },
      stream: { chunkSize: 64 * 1024, chunks: 4000 },
    });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(1000);
    const upload = await send({
      path: "/api/images",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(6 * 1024 * 1024),
      },
      stream: { chunkSize: 64 * 1024, chunks: 96 },
    });
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body)).toEqual({ ok: false, errors: { form: "errors:imageTooLarge" } });
  });

  it("a browser's form over the limit is read to its end and sent to the page that says so; a far bigger one is cut off", async () => {
    const multipart = { "content-type": "multipart/form-data; boundary=x" };
    // 20 MB: the browser gets to send it all, so it shows the answer instead of a connection error.
    const answer = await send({
      path: "/verify",
      headers: { ...multipart, "content-length": String(20 * 1024 * 1024) },
      stream: { chunkSize: 64 * 1024, chunks: 320 },
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/verify?error=fileTooLarge");
    expect(answer.sent).toBe(20 * 1024 * 1024);
    // 250 MB declared: past what the door drains, refused at once.
    const huge = await send({
      path: "/verify",
      headers: { ...multipart, "content-length": String(250 * 1024 * 1024) },
      stream: { chunkSize: 64 * 1024, chunks: 4000 },
    });
    expect([0, 303]).toContain(huge.status);
    expect(huge.ms).toBeLessThan(1000);
    expect(huge.sent).toBeLessThan(250 * 1024 * 1024);
  });

  // The attack: 250 MB streamed to the public report action took 3.3 s and +330 MB before a 400.
  it("a streamed 250 MB body is cut off at the limit: 413 at once, memory does not grow", async () => {
    const before = process.memoryUsage().rss;
    const answer = await send({ headers: form, stream: { chunkSize: 64 * 1024, chunks: 4000 } });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(2000);
    // The client could send little more than the limit and the sockets' buffers before it was answered.
    expect(answer.sent).toBeLessThan(FORM_BODY_LIMIT + 16 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("a body a form action cannot read is answered 400 or 415, never 500", async () => {
    const cases: [Record<string, string>, string, number][] = [
      [{ "content-type": "multipart/form-data" }, "junk", 400],
      [{ "content-type": "multipart/form-data; boundary=x" }, "junk", 400],
      [{ "content-type": "text/plain" }, "junk", 415],
      [{}, "junk", 415],
      [{ "content-type": "application/json" }, "{}", 415],
    ];
    for (const [headers, body, status] of cases) {
      expect((await send({ headers, body })).status, JSON.stringify(headers)).toBe(status);
    }
    expect((await send({ method: "PUT", headers: { "content-type": "text/plain" }, body: "x" })).status).toBe(
      415,
    );
    // No body and no type: an empty form, which the action answers itself (not a parse failure).
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const answer = await send({ method });
      expect(answer.status, method).toBe(200);
      expect(JSON.parse(answer.body), method).toEqual({});
    }
  });

  it("better-auth's JSON endpoints get their read body, and the same limit", async () => {
    const body = JSON.stringify({ email: "a@b.c", password: "x" });
    const answer = await send({
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(JSON.parse(answer.body)).toEqual({ body });
    const big = await send({
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      stream: { chunkSize: 64 * 1024, chunks: 100 },
    });
    expect(big.status).toBe(413);
  });
});

describe("the Origin header", () => {
  // A malformed Origin answered 500.
  it("refuses a cross-site or unreadable Origin with 403", async () => {
    for (const origin of ["http://[bad", "::::", "http://%zz", "https://evil.example", "http://a b"]) {
      expect((await send({ headers: { ...form, origin }, body: "a=1" })).status, origin).toBe(403);
    }
    const host = `localhost:${port()}`;
    expect((await send({ headers: { ...form, origin: `http://${host}` }, body: "a=1" })).status).toBe(200);
    // An opaque origin (a sandboxed frame, a data: page) is another site's (decision 0121).
    expect((await send({ headers: { ...form, origin: "null" }, body: "a=1" })).status).toBe(403);
  });
});
