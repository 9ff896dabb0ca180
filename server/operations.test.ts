import type { AddressInfo } from "node:net";
import express from "express";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { getMetrics } from "~/lib/metrics.server";
import {
  bearerMatches,
  METRICS_FAILED_TOKENS_PER_MINUTE,
  type OperationsOptions,
  operationsRouter,
} from "./operations";

async function ask(options: Partial<OperationsOptions>, path: string, headers: Record<string, string> = {}) {
  const app = express();
  app.use(
    operationsRouter({
      checks: { database: async () => true },
      metricsToken: null,
      registry: new Registry(),
      ...options,
    }),
  );
  const server = app.listen(0);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, {
      headers,
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } finally {
    server.close();
  }
}

describe("operations endpoints", () => {
  it("/healthz answers while the process is up, never from a cache", async () => {
    const answer = await ask({ checks: { database: async () => false } }, "/healthz");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz is ready only when every check passes, and names the one that failed without saying why", async () => {
    const ready = await ask(
      { checks: { database: async () => true, migrations: async () => true, jobs: async () => true } },
      "/readyz",
    );
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", jobs: "ok" },
    });

    const failing = await ask(
      {
        checks: {
          database: async () => {
            throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password authentication failed");
          },
          migrations: async () => true,
        },
      },
      "/readyz",
    );
    expect(failing.status).toBe(503);
    expect(JSON.parse(failing.body)).toEqual({
      status: "not ready",
      checks: { database: "failed", migrations: "ok" },
    });
    expect(failing.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|password/);
  });

  it("/readyz counts a check that hangs as failed, and still answers in time", async () => {
    const started = performance.now();
    const answer = await ask(
      { checks: { database: () => new Promise<boolean>(() => {}) }, checkTimeoutMs: 200 },
      "/readyz",
    );
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body).checks).toEqual({ database: "failed" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("/metrics does not exist without METRICS_TOKEN, and asks for the token when it is set", async () => {
    expect((await ask({}, "/metrics")).status).toBe(404);
    const token = "s3cret-metrics-token";
    expect((await ask({ metricsToken: token }, "/metrics")).status).toBe(401);
    const wrong = await ask({ metricsToken: token }, "/metrics", {
      authorization: "Bearer s3cret-metrics-tokeX",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect(wrong.body).not.toContain("vitrina_");
  });

  it("/metrics with the token answers the Prometheus text format with the request and job metrics", async () => {
    const metrics = getMetrics();
    metrics.requests.inc({ method: "GET", route: "/:username", status: 200 });
    metrics.requestSeconds.observe({ method: "GET", route: "/:username" }, 0.012);
    metrics.jobRuns.inc({ job: "confirmation-missed", outcome: "ran" });
    const answer = await ask({ metricsToken: "t0ken", registry: metrics.registry }, "/metrics", {
      authorization: "Bearer t0ken",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.body).toMatch(
      /vitrina_http_requests_total\{method="GET",route="\/:username",status="200"\} \d+/,
    );
    expect(answer.body).toMatch(/vitrina_job_runs_total\{job="confirmation-missed",outcome="ran"\} \d+/);
    expect(answer.body).toMatch(
      /vitrina_http_request_duration_seconds_bucket\{le="0.025",method="GET",route="\/:username"\} [1-9]/,
    );
    expect(answer.body).toContain("vitrina_process_resident_memory_bytes");
  });

  it("/metrics answers 429 to an address after its wrong tokens, even a right one, and not to others", async () => {
    const app = express();
    // Two client addresses through one socket: a trusted proxy's forward (TRUST_PROXY).
    app.set("trust proxy", true);
    app.use(operationsRouter({ checks: {}, metricsToken: "the-right-token", registry: new Registry() }));
    const server = app.listen(0);
    const scrape = async (from: string, token: string) => {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, {
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": from },
      });
      await response.text();
      return response;
    };
    try {
      for (let guess = 0; guess < METRICS_FAILED_TOKENS_PER_MINUTE; guess++) {
        expect((await scrape("203.0.113.7", `guess-${guess}`)).status).toBe(401);
      }
      const refused = await scrape("203.0.113.7", "guess-next");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      // Blocked for the minute: a right guess looks the same as a wrong one.
      expect((await scrape("203.0.113.7", "the-right-token")).status).toBe(429);
      // The scraper at another address is not held up by the guesser.
      expect((await scrape("198.51.100.2", "the-right-token")).status).toBe(200);
      expect((await scrape("198.51.100.2", "a-wrong-one")).status).toBe(401);
    } finally {
      server.close();
    }
  });

  it("a bearer token is compared whole", () => {
    expect(bearerMatches("Bearer abc", "abc")).toBe(true);
    expect(bearerMatches("bearer abc", "abc")).toBe(true);
    expect(bearerMatches("Bearer ab", "abc")).toBe(false);
    expect(bearerMatches("Bearer abcd", "abc")).toBe(false);
    expect(bearerMatches("Basic abc", "abc")).toBe(false);
    expect(bearerMatches(undefined, "abc")).toBe(false);
  });
});
