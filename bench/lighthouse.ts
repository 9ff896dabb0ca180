// Lighthouse (mobile preset) on the public page of a 5,000-product store, median of 3 runs, with the
// system Chromium. Also reports the page's JavaScript, compressed as served.
//   npx tsx bench/lighthouse.ts
//   npm run bench:lighthouse -- --path /      (the landing page; no bench store seeded)
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { seedBenchStores, startServer } from "./support";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const { values: flags } = parseArgs({ options: { path: { type: "string", default: "/bench-5000" } } });

const load = loadavg();
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-lh-"));
if (flags.path === "/bench-5000") await seedBenchStores(dataDir, [5000]);
const server = await startServer(dataDir);
const url = `${server.url}${flags.path}`;
console.log(`Lighthouse (mobile) on ${flags.path}, ${RUNS} runs`);
await fetch(url, { headers: { "accept-encoding": "br" } });

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    "--headless=new",
    ...CHROMIUM_ARGS,
    `--user-data-dir=${mkdtempSync(path.join(tmpdir(), "lh-profile-"))}`,
  ],
});
type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  jsBytes: number;
  requests: number;
  bytes: number;
};
const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result!.lhr;
    // LIGHTHOUSE_REPORT=file.json keeps the last run's full report (every audit and its items).
    if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
    const requests = (
      lhr.audits["network-requests"]!.details as unknown as {
        items: { resourceType: string; transferSize: number }[];
      }
    ).items;
    runs.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? -1,
      fcp: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? -1),
      lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? -1),
      tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? -1),
      jsBytes: requests
        .filter((r) => r.resourceType === "Script")
        .reduce((sum, r) => sum + r.transferSize, 0),
      // The deterministic part (decision 0097): what the page downloads, whatever the machine's load.
      requests: requests.length,
      bytes: requests.reduce((sum, r) => sum + r.transferSize, 0),
    });
    const failed = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
    );
    if (process.env.VERBOSE) {
      for (const audit of failed) {
        const items = (
          (audit.details as unknown as { items?: { node?: { snippet?: string; explanation?: string } }[] })
            ?.items ?? []
        ).slice(0, 6);
        console.log(`${audit.id}: ${audit.title}`);
        for (const item of items)
          console.log(`   ${item.node?.snippet ?? ""} ${item.node?.explanation?.split("\n")[1] ?? ""}`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
// A run Lighthouse could not finish (e.g. NO_FCP on an overloaded machine) has no metrics: left out.
const completed = runs.filter((run) => run.lcp >= 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nLoad average before: ${load.map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} cores.`);
console.log(
  `Load average after: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}.`,
);
console.log(
  "| run | performance | accessibility | best practices | SEO | CLS | FCP (ms) | LCP (ms) | TBT (ms) | JS transferred (KB) | requests | transferred (KB) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
const row = (label: string, r: Run) =>
  `| ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.cls.toFixed(3)} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${(r.jsBytes / 1024).toFixed(1)} | ${r.requests} | ${(r.bytes / 1024).toFixed(1)} |`;
runs.forEach((run, i) => {
  console.log(row(String(i + 1), run));
});
const med = (pick: (r: Run) => number) => median(completed.map(pick));
console.log(
  row(`median of ${completed.length}`, {
    performance: med((r) => r.performance),
    accessibility: med((r) => r.accessibility),
    bestPractices: med((r) => r.bestPractices),
    seo: med((r) => r.seo),
    cls: med((r) => r.cls),
    fcp: med((r) => r.fcp),
    lcp: med((r) => r.lcp),
    tbt: med((r) => r.tbt),
    jsBytes: med((r) => r.jsBytes),
    requests: med((r) => r.requests),
    bytes: med((r) => r.bytes),
  }),
);
process.exit(0);
