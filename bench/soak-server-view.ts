// The soak as the server saw it (decision 0099): its /metrics before and after, subtracted, give
// every route's answers by status and how many took longer than the generator waits. A wrk "timeout"
// is an answer that came late, not a failed one: this tells which routes were slow and whether any
// answered with an error status.

type Samples = Map<string, number>;

/** One Prometheus text scrape, as "name{labels}" → value. */
export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** The server's metrics; empty (the report says so) when it cannot give them after a few tries. */
export async function scrapeMetrics(url: string, token: string): Promise<Samples> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    // 503: with several workers the primary did not collect every worker's numbers in time.
    if (response.ok) return parseMetrics(await response.text());
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return new Map();
}

function labels(key: string): Record<string, string> {
  const inner = /\{(.*)\}/.exec(key)?.[1] ?? "";
  return Object.fromEntries([...inner.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

export type RouteView = {
  route: string;
  answers: number;
  /** Answers by status code ("200": n, "304": n, "503": n …). */
  statuses: Record<string, number>;
  /** Answers the server took longer than `slowSeconds` to finish (from the latency histogram). */
  slow: number;
  /** The histogram bucket holding the route's 99th percentile ("≤ 2.5 s"); fast-path hits have none. */
  p99: string;
};

/** Every route's answers between two scrapes, busiest first. */
export function routesBetween(before: Samples, after: Samples, slowSeconds = 10): RouteView[] {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const routes = new Map<string, RouteView>();
  const view = (route: string) => {
    let row = routes.get(route);
    if (!row) {
      row = { route, answers: 0, statuses: {}, slow: 0, p99: "–" };
      routes.set(route, row);
    }
    return row;
  };
  const buckets = new Map<string, { le: number; count: number }[]>();
  for (const key of after.keys()) {
    const n = delta(key);
    if (n <= 0) continue;
    const { route = "?", status, le, method } = labels(key);
    if (key.startsWith("vitrina_http_requests_total{")) {
      const row = view(method === "GET" ? route : `${method} ${route}`);
      row.answers += n;
      row.statuses[status!] = (row.statuses[status!] ?? 0) + n;
    } else if (key.startsWith("vitrina_http_request_duration_seconds_bucket{") && method === "GET") {
      const list = buckets.get(route) ?? [];
      list.push({ le: le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le), count: n });
      buckets.set(route, list);
    }
  }
  for (const [route, list] of buckets) {
    const row = view(route);
    list.sort((a, b) => a.le - b.le);
    const total = list.at(-1)!.count;
    row.slow = total - (list.find((b) => b.le === slowSeconds)?.count ?? total);
    const p99 = list.find((b) => b.count >= total * 0.99);
    row.p99 = p99 ? (Number.isFinite(p99.le) ? `≤ ${p99.le} s` : `> ${slowSeconds} s`) : "–";
  }
  return [...routes.values()].sort((a, b) => b.answers - a.answers);
}

export function formatRoutes(rows: RouteView[], slowSeconds = 10): string {
  if (rows.length === 0) return "    (the server's /metrics did not answer: no view by route)";
  return rows
    .map((row) => {
      const statuses = Object.entries(row.statuses)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ");
      return `    ${row.route.padEnd(36)} ${String(row.answers).padStart(7)}  [${statuses}]  p99 ${row.p99}, over ${slowSeconds} s: ${row.slow}`;
    })
    .join("\n");
}

/** A gauge's value (e.g. vitrina_nodejs_heap_size_used_bytes), summed over its label sets, in MB. */
export function gaugeMb(samples: Samples, name: string): number {
  let sum = 0;
  for (const [key, value] of samples) if (key === name || key.startsWith(`${name}{`)) sum += value;
  return sum / 1024 / 1024;
}

/** The public store page's answers from the page cache, by result ("hit", "miss" …), between two scrapes. */
export function pageCacheBetween(before: Samples, after: Samples): string {
  const results: string[] = [];
  for (const [key, value] of after) {
    if (!key.startsWith("vitrina_page_cache_total{")) continue;
    results.push(`${labels(key).result ?? "?"} ${value - (before.get(key) ?? 0)}`);
  }
  return results.length ? results.sort().join(", ") : "(not counted)";
}
