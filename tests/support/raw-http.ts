import { request as httpRequest } from "node:http";

// One raw HTTP client for the tests that send Host, Origin and bodies exactly as written and stream
// large bodies chunk by chunk (server/body-limit.test.ts against the door's middleware,
// tests/e2e/doors.spec.ts against the real server). fetch() would fix up the very headers under test.

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A body of `chunks` chunks of `chunkSize` bytes, written as the server takes them. */
  stream?: { chunkSize: number; chunks: number };
};

export type RawAnswer = {
  /** The status, or 0 when the server cut a streamed body off before its answer could be read. */
  status: number;
  body: string;
  location?: string;
  encoding?: string;
  contentType?: string;
  ms: number;
  /** How many bytes of a streamed body were written before the answer came. */
  sent: number;
};

export function rawRequest(port: number, options: RawRequest): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        // Sent to 127.0.0.1 (no IPv6 lookup) as the site's own host, unless the test says otherwise.
        headers: { host: `localhost:${port}`, ...options.headers },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            body: Buffer.concat(chunks).toString(),
            location: res.headers.location,
            encoding: res.headers["content-encoding"],
            contentType: res.headers["content-type"],
            ms: performance.now() - started,
            sent,
          }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // A streamed body that the server cut off: its reset can reach the client before the 413 it
      // sent (a reset discards what the client had not read yet). Status 0 says "cut off".
      if (options.stream && (error.code === "ECONNRESET" || error.code === "EPIPE"))
        return resolve({ status: 0, body: "", ms: performance.now() - started, sent });
      reject(error);
    });
    if (!options.stream) return void req.end(options.body);
    const chunk = Buffer.alloc(options.stream.chunkSize, "a");
    let left = options.stream.chunks;
    const pump = () => {
      while (left > 0 && !answered && !req.destroyed) {
        left--;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}
