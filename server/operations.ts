import { timingSafeEqual } from "node:crypto";
import express, { type Request, type Response } from "express";
import type { Registry } from "prom-client";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

// Decision 0045 (docs/operations.md): the probes a load balancer or an orchestrator asks,
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
  /** Counts wrong or missing tokens per client address (default: METRICS_FAILED_TOKENS_PER_MINUTE). */
  failedTokens?: RateLimiter;
};

/**
 * Wrong or missing tokens one client address may send per minute; the next one, and every scrape
 * from that address for a minute after it, answers 429 (decision 0119): guessing gets nowhere, and
 * a blocked address cannot tell a right guess from a wrong one.
 */
export const METRICS_FAILED_TOKENS_PER_MINUTE = 10;
const BLOCK_MS = 60_000;

export function operationsRouter(options: OperationsOptions): express.Router {
  const router = express.Router();
  const timeout = options.checkTimeoutMs ?? 2_000;
  const failures =
    options.failedTokens ?? createRateLimiter({ limit: METRICS_FAILED_TOKENS_PER_MINUTE, windowMs: 60_000 });
  const blockedUntil = new Map<string, number>();

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
    // The address Express resolved with TRUST_PROXY (the socket's, or the trusted proxies' forward).
    const address = req.ip ?? req.socket.remoteAddress ?? "";
    const tooMany = () => {
      res.setHeader("Retry-After", String(BLOCK_MS / 1000));
      return res.status(429).type("text/plain").send("Too Many Requests");
    };
    if ((blockedUntil.get(address) ?? 0) > Date.now()) return tooMany();
    if (!bearerMatches(req.headers.authorization, options.metricsToken)) {
      if (!failures.allow(address)) {
        blockedUntil.delete(address);
        blockedUntil.set(address, Date.now() + BLOCK_MS);
        if (blockedUntil.size > 10_000) blockedUntil.delete(blockedUntil.keys().next().value!);
        return tooMany();
      }
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
