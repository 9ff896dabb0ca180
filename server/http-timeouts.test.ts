import { createServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { applyHttpTimeouts } from "./http-timeouts";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/**
 * Two requests on one kept-alive connection; the second arrives while the event loop is blocked for
 * `blockMs` (as a long PGlite statement blocks it). The answer to the second, or null when the
 * server dropped the connection instead.
 */
function secondRequestDuringStall(target: Server, blockMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    target.listen(0, "127.0.0.1", () => {
      const socket = net.connect((target.address() as AddressInfo).port, "127.0.0.1");
      let received = "";
      let sentSecond = false;
      socket.on("data", (chunk) => {
        received += chunk;
        if (!sentSecond && received.includes("answer /first")) {
          sentSecond = true;
          socket.write("GET /second HTTP/1.1\r\nHost: localhost\r\n\r\n");
          const until = Date.now() + blockMs;
          while (Date.now() < until) {
            // the event loop is busy: nothing is read, no timer runs
          }
        }
        if (received.includes("answer /second")) {
          socket.destroy();
          resolve("answer /second");
        }
      });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(null));
      socket.write("GET /first HTTP/1.1\r\nHost: localhost\r\n\r\n");
    });
  });
}

describe("the server's connection timeouts", () => {
  it("answers a request that reached an idle kept-alive connection while the event loop was busy for 7 s (Node closes it after 5 s + 1 s)", async () => {
    server = applyHttpTimeouts(createServer((req, res) => res.end(`answer ${req.url}`)));
    expect(await secondRequestDuringStall(server, 7_000)).toBe("answer /second");
  }, 15_000);

  it("keeps the headers' timeout above the keep-alive one", () => {
    server = applyHttpTimeouts(createServer());
    expect(server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
