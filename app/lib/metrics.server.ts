import { Counter, collectDefaultMetrics, Gauge, Histogram, type LabelValues, Registry } from "prom-client";
import { patternMatcher } from "./route-pattern-matcher";

// Decision 0045: the process's metrics in the Prometheus text format, served at /metrics
// behind METRICS_TOKEN (server/operations.ts). One registry per process, kept on globalThis so a
// dev-server module reload does not register every metric twice (prom-client throws on that).

export type Metrics = {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  requestSeconds: Histogram<"method" | "route">;
  pageCache: Counter<"result">;
  jobRuns: Counter<"job" | "outcome">;
  jobSeconds: Histogram<"job">;
  importSeconds: Histogram<"outcome">;
  databasePool: Gauge<"state">;
};

export type PoolStats = { total: number; idle: number; waiting: number };

type TallyEntry = { labels: LabelValues<string>; count: number };

const holder = globalThis as typeof globalThis & {
  __vitrinaMetrics?: Metrics;
  __vitrinaPoolStats?: () => PoolStats | null;
  __vitrinaTallies?: Map<Counter<string>, TallyEntry[]>;
};

/** A counter's labelled child for a path answered in microseconds (the cached page, decision 0152). */
export type Tally = { inc: () => void };

/**
 * inc() adds to a plain number, handed to the counter when it is read (a scrape, a test): prom-client
 * hashes and checks the labels of every inc(), a child's included, which was several percent of a
 * cached hit. Only counters made by createMetrics() below are read so.
 */
export function tally<T extends string>(counter: Counter<T>, labels: LabelValues<T>): Tally {
  holder.__vitrinaTallies ??= new Map();
  const entry: TallyEntry = { labels, count: 0 };
  const entries = holder.__vitrinaTallies.get(counter) ?? [];
  entries.push(entry);
  holder.__vitrinaTallies.set(counter, entries);
  return {
    inc() {
      entry.count++;
    },
  };
}

/** Hands the counter what its tallies have counted since it was last read. */
function flushTallies(counter: Counter<string>) {
  for (const entry of holder.__vitrinaTallies?.get(counter) ?? []) {
    if (entry.count === 0) continue;
    counter.inc(entry.labels, entry.count);
    entry.count = 0;
  }
}

/** The database pool's numbers, read at each scrape (server/app.ts sets it once the database is open). */
export function reportPoolStats(source: () => PoolStats | null): void {
  holder.__vitrinaPoolStats = source;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "vitrina_" });
  return {
    registry,
    requests: new Counter({
      name: "vitrina_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code",
      labelNames: ["method", "route", "status"],
      registers: [registry],
      collect() {
        flushTallies(this);
      },
    }),
    requestSeconds: new Histogram({
      name: "vitrina_http_request_duration_seconds",
      help: "Time from the request's arrival to the last byte of its answer",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: "vitrina_page_cache_total",
      help: "Public store pages answered from the page cache (hit) or rendered (miss)",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        flushTallies(this);
      },
    }),
    jobRuns: new Counter({
      name: "vitrina_job_runs_total",
      help: "Scheduled job runs: ran, skipped (another instance held the lock) or failed",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    jobSeconds: new Histogram({
      name: "vitrina_job_duration_seconds",
      help: "How long a scheduled job run took",
      labelNames: ["job"],
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
    importSeconds: new Histogram({
      name: "vitrina_import_duration_seconds",
      help: "How long a product import's commit took, by outcome",
      labelNames: ["outcome"],
      buckets: [0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
      registers: [registry],
    }),
    databasePool: new Gauge({
      name: "vitrina_database_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const stats = holder.__vitrinaPoolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    }),
  };
}

export function getMetrics(): Metrics {
  holder.__vitrinaMetrics ??= createMetrics();
  return holder.__vitrinaMetrics;
}

type RouteEntry = { path?: string; parentId?: string; index?: boolean };

/** Every route's full path pattern ("/:username/prices/:file"), from the build's route manifest. */
export function routePatterns(routes: Record<string, RouteEntry | undefined>): string[] {
  const fullPath = (entry: RouteEntry | undefined): string => {
    if (!entry) return "";
    const parent = entry.parentId ? fullPath(routes[entry.parentId]) : "";
    return entry.path ? `${parent}/${entry.path}` : parent;
  };
  const patterns = new Set(Object.values(routes).map((entry) => fullPath(entry) || "/"));
  return [...patterns];
}

function decodes(pathname: string): boolean {
  try {
    return typeof decodeURIComponent(pathname) === "string";
  } catch {
    return false;
  }
}

/**
 * The route label of a request: the pattern of the route that answers it, never the raw path, so
 * the number of label values stays bounded whatever paths a scanner asks for.
 */
export function routeLabeller(patterns: string[]): (pathname: string, status: number) => string {
  const patternOf = patternMatcher(patterns);
  return (pathname, status) => {
    if (status === 404) return "not-found";
    // A path that does not decode was refused (400) before any route.
    if (!decodes(pathname)) return "malformed";
    if (pathname.startsWith("/assets/")) return "/assets/*";
    if (pathname.startsWith("/uploads/")) return "/uploads/*";
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
    return patternOf(path) ?? "other";
  };
}
