// `npm run bench:soak` (issue 20 "Load"): 200 concurrent visitors on public pages — three stores,
// their pages, searches, later pages, price lists, CSV and JSON feeds, PDFs — for 60 s with wrk,
// while the demo store's owner runs a 20,000-row import and a bulk price change (+10 % on every
// product) over HTTP. Reports errors, p50/p99, the import's time, the server's memory before and
// after (RSS, within 20 %?), and whether any page showed a mix of old and new prices: a checker reads
// the demo's price list (JSON) every 100 ms and each answer must hold only the old or only the new
// prices of the demo's own products. nginx serving the demo page's bytes is the generator's ceiling.
//
//   npm run bench:soak -- [--connections 200] [--duration 60] [--rows 20000]
//   DATABASE_URL=postgres://…/throwaway npm run bench:soak
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { productCsv } from "../app/features/import/fixtures.test-support";
import {
  type Session,
  signInDemo,
  startImport,
  uploadImport,
  waitForImport,
} from "../tests/support/import-http";
import { requireTools, runWrk, startNginx } from "./load-generator";
import { seedBenchStores, startServer } from "./support";

requireTools();
const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    rows: { type: "string", default: "20000" },
  },
});
const connections = Number(args.connections);
const seconds = Number(args.duration);
const rows = Number(args.rows);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The visitors' mix: every store's page, a search, a later page, the price-list page and files; PDFs now and then. */
function visitorPaths(stores: string[]): string[] {
  const paths: string[] = [];
  for (const store of stores) {
    paths.push(`/${store}`, `/${store}?q=${encodeURIComponent("млеко")}`, `/${store}?page=2`);
    paths.push(`/${store}/prices`, `/${store}/prices.json`, `/${store}/prices.csv`);
  }
  paths.push(`/${stores[0]}/price-list.pdf`);
  return paths;
}

function wrkScript(paths: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vitrina-soak-")), "mix.lua");
  writeFileSync(
    file,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local i = math.random(#paths)
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`,
  );
  return file;
}

async function demoPrices(url: string): Promise<Map<string, string>> {
  const response = await fetch(`${url}/demo/prices.json`, { headers: { "Cache-Control": "no-cache" } });
  const json = (await response.json()) as { products: { name: string; price: string }[] };
  return new Map(json.products.map((product) => [product.name, product.price]));
}

/** POST the products page's bulk form as the page does: the preview first, then its plan confirmed. */
async function bulkPriceChange(session: Session, percent: string): Promise<void> {
  const post = async (plan: string) => {
    const form = new URLSearchParams({
      intent: "bulk",
      action: "pricePercent",
      scope: "all",
      query: "",
      value: percent,
      plan,
    });
    const response = await fetch(`${session.url}/dashboard/products`, {
      method: "POST",
      headers: {
        Cookie: session.cookie,
        Origin: session.url,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    return { status: response.status, html: await response.text() };
  };
  const preview = await post("");
  const plan = /name="plan" value="([0-9a-f]{64})"/.exec(preview.html)?.[1];
  if (!plan) throw new Error(`bulk price preview without a plan (HTTP ${preview.status})`);
  const done = await post(plan);
  if (done.status >= 400) throw new Error(`bulk price change: HTTP ${done.status}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-soak-data-"));
  // The server seeds the demo store into an empty database first; the bench stores come after.
  let server = await startServer(dataDir, {}, { readyPath: "/demo" });
  await server.stop();
  await seedBenchStores(dataDir, [300, 3000]);
  server = await startServer(dataDir, {}, { readyPath: "/demo" });
  try {
    const stores = ["demo", "bench-300", "bench-3000"];
    const paths = visitorPaths(stores);
    // better-auth trusts the origin it was configured with (localhost), not 127.0.0.1.
    const session = await signInDemo(server.url.replace("127.0.0.1", "localhost"), dataDir);
    const oldPrices = await demoPrices(server.url);

    // Warm-up, then the memory to compare with.
    await runWrk(`${server.url}/demo`, { connections: 20, seconds: 5, threads: 2 });
    const rssBefore = rssMb(server.pid);

    const checks = { pages: 0, mixed: 0, failed: 0 };
    const seen: Map<string, string>[] = [];
    let soaking = true;
    const checker = (async () => {
      while (soaking) {
        try {
          seen.push(await demoPrices(server.url));
          checks.pages += 1;
        } catch {
          checks.failed += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const load = runWrk(
      `${server.url}${paths[0]}`,
      { connections, seconds, threads: 2, script: wrkScript(paths) },
      server.pid,
    );
    const writes = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const started = performance.now();
      const jobId = await uploadImport(session, "soak.csv", productCsv(rows, "Соак"));
      await startImport(session, jobId);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const bulkStarted = performance.now();
      await bulkPriceChange(session, "10");
      const bulkMs = performance.now() - bulkStarted;
      const state = await waitForImport(session, jobId);
      return { importMs: performance.now() - started, importStatus: state.status, bulkMs };
    })();
    const [result, written] = await Promise.all([load, writes]);
    soaking = false;
    await checker;

    const newPrices = await demoPrices(server.url);
    for (const page of seen) {
      let old = true;
      let fresh = true;
      for (const [name, price] of oldPrices) {
        if (page.get(name) !== price) old = false;
        if (page.get(name) !== newPrices.get(name)) fresh = false;
      }
      if (!old && !fresh) checks.mixed += 1;
    }
    const changed = [...oldPrices].filter(([name, price]) => newPrices.get(name) !== price).length;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const rssAfter = rssMb(server.pid);

    const page = Buffer.from(await (await fetch(`${server.url}/demo`)).arrayBuffer());
    const nginx = await startNginx("/demo", page, "text/html; charset=utf-8");
    const ceiling = await runWrk(`${nginx.url}/demo`, { connections, seconds: 10, threads: 2 });
    nginx.stop();

    console.log(
      `bench:soak — ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `  visitors: ${connections} connections × ${seconds} s over ${paths.length} public addresses of ${stores.length} stores`,
    );
    console.log(
      `  answers: ${result.requests} (${result.rps}/s), errors ${result.errors}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
    );
    console.log(`  generator ceiling (nginx, the demo page's bytes): ${ceiling.rps}/s`);
    console.log(
      `  import of ${rows} rows: ${written.importStatus} in ${(written.importMs / 1000).toFixed(1)} s; bulk +10 % on every product: ${(written.bulkMs / 1000).toFixed(1)} s; ${changed} of ${oldPrices.size} demo prices changed`,
    );
    console.log(
      `  price lists read during the soak: ${checks.pages}, mixing old and new prices: ${checks.mixed}, failed reads: ${checks.failed}`,
    );
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB 10 s after (${((rssAfter / rssBefore - 1) * 100).toFixed(0)} %)`,
    );
    if (result.errors > 0 || checks.mixed > 0 || written.importStatus !== "done") process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
