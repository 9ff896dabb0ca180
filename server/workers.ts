import cluster, { type Worker } from "node:cluster";
import { serveClusterMetrics } from "./cluster-metrics";

// WEB_CONCURRENCY: how many Node processes serve requests (decision 0011). Rendering is CPU work and
// one process uses one core; several share the port through node:cluster. Only with PostgreSQL:
// PGlite is a database inside one process and its files cannot be opened by two.

const MAX_WORKERS = 64;

/** How many processes to run, from WEB_CONCURRENCY; 1 with the embedded database. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.WEB_CONCURRENCY ?? 1);
  const count = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_WORKERS) : 1;
  if (count > 1 && !env.DATABASE_URL) {
    console.warn(
      "WEB_CONCURRENCY needs PostgreSQL (DATABASE_URL): the embedded database serves from one process.",
    );
    return 1;
  }
  return count;
}

/**
 * The primary process: starts one worker and waits until it listens (it migrates the database and
 * seeds the demo store, so nothing runs twice), then the others; replaces a worker that dies;
 * passes SIGINT/SIGTERM on and exits when every worker has closed.
 */
export function runWorkers(count: number): void {
  let closing = false;
  serveClusterMetrics();
  const fork = () => {
    const worker = cluster.fork();
    worker.on("exit", (code, signal) => {
      if (closing) return;
      console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      setTimeout(fork, 1000);
    });
    return worker;
  };
  const first = fork();
  first.once("listening", () => {
    for (let i = 1; i < count; i++) fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let running = workers.length;
    if (running === 0) process.exit(0);
    for (const worker of workers) {
      worker.once("exit", () => {
        running -= 1;
        if (running === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
