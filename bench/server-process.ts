import type { ChildProcess } from "node:child_process";
import net from "node:net";

// The life of a benchmark's server process: a free port, ready, stopped cleanly (PGlite must close).

/** A loopback port nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until the page answers 200: migrations and the demo seed have run by then. */
export async function waitForReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

export type Shutdown = "clean" | `exit ${number}` | "killed";

/** SIGTERM and wait, so PGlite closes cleanly; SIGKILL only if it hangs for `killAfterMs`. */
export async function stopServer(server: ChildProcess, killAfterMs = 15_000): Promise<Shutdown> {
  if (server.exitCode !== null || server.signalCode !== null) return `exit ${server.exitCode ?? -1}`;
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), killAfterMs);
  const code = await exited;
  clearTimeout(timer);
  return code === 0 ? "clean" : code === null ? "killed" : `exit ${code}`;
}
