import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses } from "./compress-responses";

// Decision 0079: the landing page went out as 66 KB of uncompressed HTML (Lighthouse: "Document request
// latency"). Every text answer is compressed by Accept-Encoding; files compressed already are not.

const page = `<!doctype html><html lang="mk">${"<section><h2>Зошто Витрина</h2><p>Ценовник по член 15-а.</p></section>".repeat(600)}</html>`;
const json = JSON.stringify({
  products: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Млеко ${i}` })),
});
const binary = Buffer.alloc(40_000, 7);
let releaseStream: () => void = () => {};

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compressResponses());
  app.get("/", (_req, res) => void res.type("html").send(page));
  app.get("/feed.json", (_req, res) => void res.json(JSON.parse(json)));
  app.get("/prices.csv", (_req, res) => void res.type("text/csv").send(page.replace(/<[^>]+>/g, ";")));
  app.get("/tiny", (_req, res) => void res.type("html").send("<p>кратко</p>"));
  app.get("/file.pdf", (_req, res) => void res.type("application/pdf").send(binary));
  app.get("/photo.webp", (_req, res) => void res.type("image/webp").send(binary));
  app.get("/export.zip", (_req, res) => void res.type("application/zip").send(binary));
  // The store page cache answers with its own brotli body.
  app.get("/cached", (_req, res) => {
    res.setHeader("Content-Encoding", "br");
    res.type("html").send(binary);
  });
  // A streamed answer: the second half waits until the client has read the first.
  app.get("/stream.csv", (_req, res) => {
    res.type("text/csv");
    res.write(`${"Назив;Цена\n".repeat(3000)}`);
    releaseStream = () => res.end("крај\n");
  });
  server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server?.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** The bytes as they arrive (no decompression); onData sees each chunk. */
function get(
  path: string,
  acceptEncoding?: string,
  options: { method?: string; onData?: (chunk: Buffer) => void } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        options.onData?.(chunk);
      });
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("compressed answers", () => {
  it("sends a page brotli-compressed to a browser that accepts it, a fraction of its size", async () => {
    const answer = await get("/", "gzip, deflate, br, zstd");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(page) / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
  });

  it("sends gzip to a client that takes only gzip, and the plain page to one that names nothing", async () => {
    const gzipped = await get("/", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(page);
    const plain = await get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("compresses JSON and CSV feeds", async () => {
    const feed = await get("/feed.json", "br");
    expect(feed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(feed.body).toString()).toBe(json);
    const csv = await get("/prices.csv", "gzip");
    expect(csv.headers["content-encoding"]).toBe("gzip");
  });

  it("leaves PDF, images, zip files and tiny answers as they are", async () => {
    for (const path of ["/file.pdf", "/photo.webp", "/export.zip"]) {
      const answer = await get(path, "gzip, deflate, br");
      expect(answer.headers["content-encoding"], path).toBeUndefined();
      expect(answer.body.equals(binary), path).toBe(true);
    }
    const tiny = await get("/tiny", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("<p>кратко</p>");
  });

  it("does not compress an answer that is compressed already (the store page cache's)", async () => {
    const answer = await get("/cached", "gzip, deflate, br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.equals(binary)).toBe(true);
  });

  it("keeps a streamed answer streaming: the first part arrives before the server ends it", async () => {
    let received = 0;
    const answer = await get("/stream.csv", "br", {
      onData: (chunk) => {
        received += chunk.length;
        // Only a first part that reached the client releases the end; without it this test times out.
        if (received > 0) setTimeout(() => releaseStream(), 10);
      },
    });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(`${"Назив;Цена\n".repeat(3000)}крај\n`);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/", "br", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
  });
});
