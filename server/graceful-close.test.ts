import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./graceful-close";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose answers take `ms` (never, for Infinity). */
function slowServer(ms: number) {
  server = createServer((_req, res) => {
    if (ms === Number.POSITIVE_INFINITY) return;
    setTimeout(() => res.end("done"), ms);
  });
  const drain = drainable(server);
  return new Promise<{ port: number; drain: typeof drain }>((resolve) =>
    server!.listen(0, "127.0.0.1", () => resolve({ port: (server!.address() as AddressInfo).port, drain })),
  );
}

function get(port: number, agent?: import("node:http").Agent) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("graceful shutdown", () => {
  it("finishes the requests in flight, tells their keep-alive clients to go, and refuses new connections", async () => {
    const { port, drain } = await slowServer(300);
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    const inFlight = [get(port, agent), get(port, agent), get(port)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drain.inFlight()).toBe(3);

    const closed = drain.close(10_000);
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, "done"],
      [200, "done"],
      [200, "done"],
    ]);
    expect(answers.every((a) => a.connection === "close")).toBe(true);
    expect(await closed).toBe("drained");
    await expect(get(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    agent.destroy();
  });

  it("answers a request sent on a kept-alive connection after the close began, and closes that connection", async () => {
    const { port, drain } = await slowServer(10);
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe("keep-alive");
    const closed = drain.close(10_000);
    // The same socket, still open: the client had every right to send on it.
    const last = await get(port, agent);
    expect([last.status, last.body, last.connection]).toEqual([200, "done", "close"]);
    expect(await closed).toBe("drained");
    agent.destroy();
  });

  it("closes a kept-alive connection that stays idle within about a second, not at the 5 s keep-alive timeout", async () => {
    const { port, drain } = await slowServer(10);
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, agent)).connection).toBe("keep-alive");
    const started = performance.now();
    expect(await drain.close(10_000)).toBe("drained");
    expect(performance.now() - started).toBeLessThan(3_000);
    agent.destroy();
  });

  it("closes at once when nothing is in flight", async () => {
    const { drain } = await slowServer(10);
    const started = performance.now();
    expect(await drain.close(10_000)).toBe("drained");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("cuts a request that is still running when the time is up", async () => {
    const { port, drain } = await slowServer(Number.POSITIVE_INFINITY);
    const hanging = get(port).catch((error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    expect(await drain.close(300)).toBe("timed out");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await hanging).toMatchObject({ code: "ECONNRESET" });
  });
});
