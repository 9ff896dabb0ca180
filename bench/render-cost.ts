// Server CPU per uncached render of the public store page, and its req/s under wrk with nginx's
// ceiling beside it. CPU per render barely moves when other work shares the machine: it reads the
// server's own CPU time from /proc before and after a run of sequential requests.
//
//   npm run bench:render-cost -- [--products 100] [--requests 300] [--rounds 3] [--seconds 5]
//   npm run bench:render-cost -- --baseline /tmp/base     # A/B against another checkout, alternating
//   npm run bench:render-cost -- --profile                # and where this checkout's render time goes
//   npm run bench:render-cost -- --encoding identity      # wrk without Accept-Encoding (default gzip)
//   npm run bench:render-cost -- --demo --path /demo/posts --router-cookie flash=x
//
// --demo: the demo store the server seeds on an empty database, instead of the bench stores.
// --router-cookie: a second series on the same server whose requests carry this cookie; `flash=x`
// sends a signed-out visitor's page to React Router instead of its published document (decisions
// 0144, 0147), so the two series are the same page, data and server, with and without the pipeline.
//
// --baseline: a second checkout (`git worktree add /tmp/base <commit>`, `npm install`,
// `npx react-router build` there), seeded and started with its own code; the rounds alternate
// between the two servers so both see the same machine. Needs wrk and nginx (apt-get install -y
// wrk nginx-light).
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  cpuSeconds,
  type LoadResult,
  median,
  type Nginx,
  requireTools,
  runWrk,
  startNginx,
} from "./load-generator";
import { printProfile } from "./profile";
import { ROOT, type Server, seedBenchStoresIn, startServer } from "./support";

requireTools();
const { values: flags } = parseArgs({
  options: {
    products: { type: "string", default: "100" },
    requests: { type: "string", default: "300" },
    warmup: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    path: { type: "string" },
    // What wrk asks for: a browser sends Accept-Encoding, so compression is part of what a visitor costs.
    encoding: { type: "string", default: "gzip" },
    baseline: { type: "string" },
    profile: { type: "boolean", default: false },
    demo: { type: "boolean", default: false },
    "router-cookie": { type: "string" },
  },
});
const products = Number(flags.products);
const requests = Number(flags.requests);
const page = flags.path ?? `/bench-${products}`;
const headers: Record<string, string> =
  flags.encoding === "identity" ? {} : { "Accept-Encoding": flags.encoding! };
const load = { connections: Number(flags.connections), seconds: Number(flags.seconds), headers };

type Target = {
  name: string;
  root: string;
  dataDir: string;
  server?: Server;
  profileDir?: string;
  /** Sent with every request of this series. */
  cookie?: string;
  /** A series on another target's server (no server of its own). */
  on?: Target;
};
const targets: Target[] = [
  { name: "this checkout", root: ROOT, dataDir: mkdtempSync(path.join(tmpdir(), "vitrina-render-")) },
  ...(flags.baseline
    ? [
        {
          name: `baseline ${path.basename(path.resolve(flags.baseline))}`,
          root: path.resolve(flags.baseline),
          dataDir: mkdtempSync(path.join(tmpdir(), "vitrina-render-base-")),
        },
      ]
    : []),
];
if (flags["router-cookie"]) {
  const published = targets[0]!;
  published.name = "published document";
  targets.push({
    name: `React Router (Cookie: ${flags["router-cookie"]})`,
    root: ROOT,
    dataDir: published.dataDir,
    cookie: flags["router-cookie"],
    on: published,
  });
}
const serverOf = (target: Target) => (target.on ?? target).server!;
const cookieHeader = (target: Target): Record<string, string> =>
  target.cookie ? { Cookie: target.cookie } : {};
let nginx: Nginx | null = null;
type Round = { cpuMs: number; medianMs: number; wrk: LoadResult; nginx: LoadResult };
const results = new Map<Target, Round[]>(targets.map((target) => [target, []]));
const loadBefore = loadavg();

try {
  let html = "";
  for (const target of targets) {
    if (target.on) continue;
    if (!flags.demo) seedBenchStoresIn(target.root, target.dataDir, [products]);
    if (flags.profile && target.root === ROOT) target.profileDir = path.join(target.dataDir, "profile");
    target.server = await startServer(
      target.dataDir,
      { PAGE_CACHE: "off" },
      {
        root: target.root,
        readyPath: page,
        nodeArgs: target.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${target.profileDir}`] : [],
      },
    );
    const response = await fetch(`${target.server.url}${page}`);
    if (response.status !== 200) throw new Error(`${target.name}: ${page} answered ${response.status}`);
    const body = await response.text();
    html ||= body;
    for (let i = 0; i < Number(flags.warmup); i++)
      await (await fetch(`${target.server.url}${page}`)).arrayBuffer();
  }
  nginx = await startNginx(page, Buffer.from(html), "text/html; charset=utf-8");

  for (let round = 0; round < Number(flags.rounds); round++) {
    for (const target of targets) {
      const { url, pid } = serverOf(target);
      const sequential = await renders(`${url}${page}`, pid, cookieHeader(target));
      const nginxResult = await runWrk(nginx.url, load, nginx.workerPid);
      const wrkResult = await runWrk(
        `${url}${page}`,
        { ...load, headers: { ...load.headers, ...cookieHeader(target) } },
        pid,
      );
      results.get(target)!.push({ ...sequential, wrk: wrkResult, nginx: nginxResult });
    }
  }

  console.log(
    `\nLoad average before: ${loadBefore.map((n) => n.toFixed(1)).join(" ")}, after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${cpus().length} cores.`,
  );
  console.log(
    `Page ${page}: ${html.length} bytes of HTML; per round and server ${requests} sequential renders, then wrk -t1 -c${load.connections} -d${load.seconds}s (Accept-Encoding: ${flags.encoding}); ${flags.rounds} alternating rounds, medians.\n`,
  );
  console.log(
    "| server | CPU per render (ms) | latency median (ms) | req/s under wrk | nginx req/s (ceiling) | p99 under wrk (ms) | errors |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [target, rounds] of results) {
    console.log(
      `| ${target.name} | ${median(rounds.map((r) => r.cpuMs)).toFixed(2)} | ${median(rounds.map((r) => r.medianMs)).toFixed(2)} | ${median(
        rounds.map((r) => r.wrk.rps),
      )} | ${median(rounds.map((r) => r.nginx.rps))} | ${median(rounds.map((r) => r.wrk.p99Ms))} | ${rounds.reduce(
        (sum, r) => sum + r.wrk.errors,
        0,
      )} |`,
    );
  }
  if (targets.length === 2) {
    const [current, base] = targets.map((target) => results.get(target)!);
    const ratios = current!.map((round, i) => round.cpuMs / base![i]!.cpuMs);
    const rps = current!.map((round, i) => round.wrk.rps / base![i]!.wrk.rps);
    console.log(
      `\nCPU per render, ${targets[0]!.name} / ${targets[1]!.name}: ${median(ratios).toFixed(2)} (per round: ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
    console.log(`req/s under wrk, ${targets[0]!.name} / ${targets[1]!.name}: ${median(rps).toFixed(2)}`);
  }
  if (targets.some((target) => target.profileDir)) {
    const target = targets.find((candidate) => candidate.profileDir)!;
    await target.server!.stop();
    target.server = undefined;
    const file = readdirSync(target.profileDir!).find((name) => name.endsWith(".cpuprofile"));
    if (file) {
      const kept = path.join(tmpdir(), "vitrina-render-cost.cpuprofile");
      copyFileSync(path.join(target.profileDir!, file), kept);
      console.log(`\nprofile kept at ${kept} (open it in Chrome DevTools)`);
      printProfile(kept, ROOT);
    }
  }
} finally {
  for (const target of targets) {
    await target.server?.stop();
    rmSync(target.dataDir, { recursive: true, force: true });
  }
  nginx?.stop();
}

/** `requests` sequential renders: the server's CPU per render and the median latency. */
async function renders(
  url: string,
  pid: number,
  extra: Record<string, string>,
): Promise<{ cpuMs: number; medianMs: number }> {
  const latencies: number[] = [];
  const before = cpuSeconds(pid);
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { "Accept-Encoding": flags.encoding!, ...extra } });
    await response.arrayBuffer();
    if (response.status !== 200 || response.headers.get("x-cache") === "HIT") throw new Error("not a render");
    latencies.push(performance.now() - started);
  }
  return { cpuMs: ((cpuSeconds(pid) - before) * 1000) / requests, medianMs: median(latencies) };
}
