// nginx in front of Vitrina with deploy/nginx/front-cache.conf (docs/operations.md "A front cache"):
// the throughput of the public store page through it, beside Vitrina answering alone and beside nginx
// serving the same bytes from a file (the ceiling of this machine and load generator), and how long a
// price change takes to show through it. Rounds alternate the three; medians, ratios per round.
//
//   npm run bench:front-cache -- [--rounds 3] [--seconds 5] [--connections 20] [--changes 5]
//
// Needs wrk and nginx (apt-get install -y wrk nginx).

import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, like } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { createApiToken } from "~/features/api/api-token.server";
import { type LoadResult, median, type Nginx, requireTools, runWrk, startNginx } from "./load-generator";
import { freePort } from "./server-process";
import { ROOT, type Server, seedBenchStores, startServer } from "./support";

requireTools();
const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    changes: { type: "string", default: "5" },
  },
});
const rounds = Number(flags.rounds);
const headers = { "Accept-Encoding": "gzip" };
const load = { connections: Number(flags.connections), seconds: Number(flags.seconds), headers };
const warmup = { ...load, seconds: Number(flags.warmup) };
const page = "/bench-100";
const EXTERNAL_ID = "front-cache-1";

const loadBefore = loadavg();
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-bench-"));
let app: Server | null = null;
let ceiling: Nginx | null = null;
let front: { url: string; workerPid: number; stop: () => void } | null = null;
try {
  await seedBenchStores(dataDir, [100]);
  const secret = await priceToken(dataDir);
  app = await startServer(dataDir, { TRUST_PROXY: "1" });
  front = await startFrontCache(new URL(app.url).host);

  // The ceiling: nginx answering, from a file, the gzip bytes a browser gets.
  ceiling = await startNginx(page, await rawBody(`${app.url}${page}`), "text/html; charset=utf-8");

  const results: Record<"ceiling" | "front" | "app", LoadResult>[] = [];
  await runWrk(`${front.url}${page}`, warmup);
  await runWrk(`${app.url}${page}`, warmup);
  await runWrk(ceiling.url, warmup);
  for (let round = 0; round < rounds; round++) {
    results.push({
      ceiling: await runWrk(ceiling.url, load, ceiling.workerPid),
      front: await runWrk(`${front.url}${page}`, load, front.workerPid),
      app: await runWrk(`${app.url}${page}`, load, app.pid),
    });
  }

  const delays = await priceChangeDelays(app.url, front.url, secret, Number(flags.changes));

  console.log(
    `\nLoad average before: ${loadBefore.map((n) => n.toFixed(1)).join(" ")}, after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${cpus().length} cores. Vitrina: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}.`,
  );
  console.log(
    `GET ${page} with Accept-Encoding: gzip; wrk -t1 -c${load.connections} -d${load.seconds}s, ${rounds} alternating rounds, medians.\n`,
  );
  console.log("| answered by | req/s | / ceiling | p99 ms | errors |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [name, key] of [
    ["nginx from a file (ceiling)", "ceiling"],
    ["nginx front cache → Vitrina", "front"],
    ["Vitrina alone (its page cache)", "app"],
  ] as const) {
    const rows = results.map((round) => round[key]);
    console.log(
      `| ${name} | ${median(rows.map((r) => r.rps))} | ${median(
        results.map((round) => round[key].rps / round.ceiling.rps),
      ).toFixed(3)} | ${median(rows.map((r) => r.p99Ms))} | ${rows.reduce((sum, r) => sum + r.errors, 0)} |`,
    );
  }
  console.log(
    `\nA price change through the front cache appeared after (ms): ${delays.join(", ")}; median ${median(delays)}, most ${Math.max(...delays)}.`,
  );
  const failed =
    results.some((round) => Object.values(round).some((r) => r.errors)) || Math.max(...delays) > 1_500;
  process.exitCode = failed ? 1 : 0;
} finally {
  front?.stop();
  ceiling?.stop();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A write_prices token of bench-100's owner, and an external id on one of its products. */
async function priceToken(dir: string): Promise<string> {
  const database = await openDatabase({
    url: process.env.DATABASE_URL || null,
    dataDir: path.join(dir, "pglite"),
  });
  try {
    const [row] = await database.db.select().from(store).where(eq(store.username, "bench-100"));
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, row!.ownerId));
    const [first] = await database.db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.storeId, row!.id), like(product.name, "Јогурт 2 %")));
    await database.db.update(product).set({ externalId: EXTERNAL_ID }).where(eq(product.id, first!.id));
    const ctx = { db: database.db, storeId: row!.id, actor: { userId: row!.ownerId } };
    const { secret } = await createApiToken(
      ctx as never,
      { name: "front cache bench", scopes: ["write_prices"] },
      { email: "bench-100@example.test" },
    );
    return secret;
  } finally {
    await database.close();
  }
}

/** The bytes as sent, gzip-encoded (fetch would decode them). */
async function rawBody(url: string): Promise<Buffer> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
    })
      .on("error", reject)
      .end();
  });
}

/** nginx with deploy/nginx/front-cache.conf in front of `upstream` (host:port). */
async function startFrontCache(upstream: string) {
  const root = mkdtempSync(path.join(tmpdir(), "vitrina-front-"));
  chmodSync(root, 0o755);
  mkdirSync(path.join(root, "cache"), { mode: 0o777 });
  chmodSync(path.join(root, "cache"), 0o777);
  const port = await freePort();
  const site = readFileSync(path.join(ROOT, "deploy/nginx/front-cache.conf"), "utf8")
    .replaceAll("@LISTEN@", `127.0.0.1:${port}`)
    .replaceAll("@UPSTREAM@", upstream)
    .replaceAll("@CACHE_DIR@", path.join(root, "cache"));
  writeFileSync(path.join(root, "site.conf"), site);
  writeFileSync(
    path.join(root, "nginx.conf"),
    `worker_processes 1; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http {
  access_log off; keepalive_requests 1000000;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  include ${root}/site.conf;
}`,
  );
  const master = spawn("nginx", ["-c", path.join(root, "nginx.conf"), "-p", root], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (master.exitCode !== null)
      throw new Error(`nginx exited with ${master.exitCode} (see ${root}/error.log)`);
    try {
      const response = await fetch(`${url}${page}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      const workerPid = Number(
        readFileSync(`/proc/${master.pid}/task/${master.pid}/children`, "utf8").trim().split(" ")[0],
      );
      return {
        url,
        workerPid,
        stop: () => {
          master.kill("SIGTERM");
          master.once("exit", () => rmSync(root, { recursive: true, force: true }));
        },
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  master.kill("SIGTERM");
  throw new Error(`nginx did not start (see ${root}/error.log)`);
}

/**
 * `count` times: a new price through the API, then the page through the front cache every 20 ms
 * until it shows it; the milliseconds from the API's answer to the first page that shows it.
 */
async function priceChangeDelays(appUrl: string, frontUrl: string, secret: string, count: number) {
  const delays: number[] = [];
  for (let i = 0; i < count; i++) {
    // The cache is warm: a visitor asked just before the change.
    await fetch(`${frontUrl}${page}`).then((response) => response.arrayBuffer());
    const priceCents = 12_301 + i * 2 + (Date.now() % 2);
    const shown = `${Math.floor(priceCents / 100)},${String(priceCents % 100).padStart(2, "0")}`;
    const answer = await fetch(`${appUrl}/api/v1/prices/by-external-id/${EXTERNAL_ID}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ priceCents }),
    });
    if (!answer.ok) throw new Error(`the price change answered ${answer.status}: ${await answer.text()}`);
    const changedAt = performance.now();
    for (;;) {
      const html = await fetch(`${frontUrl}${page}`).then((response) => response.text());
      if (html.includes(shown)) break;
      if (performance.now() - changedAt > 10_000) throw new Error(`${shown} did not appear within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    delays.push(Math.round(performance.now() - changedAt));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return delays;
}
