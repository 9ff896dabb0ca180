import { timingSafeEqual } from "node:crypto";
import express, { type Request, type Response } from "express";
import type { Registry } from "prom-client";

// Issue 20 "Operating it" (docs/operations.md): the probes a load balancer or an orchestrator asks,
// and the Prometheus metrics. Answers carry no versions, errors or paths: a probe says which check
// failed, never why (that goes to the log).

export type ReadinessCheck = () => Promise<boolean>;

export type OperationsOptions = {
  /** Readiness checks by name: the database answers, every migration is applied, the jobs run. */
  checks: Record<string, ReadinessCheck>;
  /** METRICS_TOKEN; null → /metrics answers 404, as if it did not exist. */
  metricsToken: string | null;
  registry: Registry;
  /** The scrape's text (default: the registry's; with several workers, all of theirs). */
  collect?: () => Promise<string>;
  /** A check that has not answered by then counts as failed (a hung database is not ready). */
  checkTimeoutMs?: number;
};

export function operationsRouter(options: OperationsOptions): express.Router {
  const router = express.Router();
  const timeout = options.checkTimeoutMs ?? 2_000;

  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const names = Object.keys(options.checks);
    const results = await Promise.all(names.map((name) => withTimeout(options.checks[name]!, timeout)));
    const checks = Object.fromEntries(names.map((name, index) => [name, results[index] ? "ok" : "failed"]));
    const ready = results.every(Boolean);
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", checks });
  });

  router.get("/metrics", async (req: Request, res: Response) => {
    if (!options.metricsToken) return res.status(404).type("text/plain").send("Not Found");
    if (!bearerMatches(req.headers.authorization, options.metricsToken)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return res.status(401).type("text/plain").send("Unauthorized");
    }
    res.setHeader("Cache-Control", "no-store");
    const collect = options.collect ?? (() => options.registry.metrics());
    const text = await collect().catch(() => null);
    if (text === null) return res.status(503).type("text/plain").send("Service Unavailable");
    res.type(options.registry.contentType).send(text);
  });

  return router;
}

async function withTimeout(check: ReadinessCheck, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** "Authorization: Bearer <token>", compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
