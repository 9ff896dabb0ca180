// Server CPU per uncached render of the public store page (issue 6): the figure behind "an uncached
// 100-product page at 300 req/s" (300 req/s on one Node process needs ≤ 3.3 ms of CPU per page).
// Unlike req/s it barely moves when other work shares the machine: it reads the server's own CPU
// time from /proc before and after a run of sequential requests.
//
//   npm run bench:render-cost -- [--products 100] [--requests 400] [--path "/bench-100?page=1"] [--profile]
//
// --profile also writes a V8 CPU profile of the measured requests and prints where the time went.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { stopServer, waitForReady } from "./server-process";
import { ROOT, seedBenchStores } from "./support";

const { values: flags } = parseArgs({
  options: {
    products: { type: "string", default: "100" },
    requests: { type: "string", default: "400" },
    warmup: { type: "string", default: "100" },
    path: { type: "string" },
    port: { type: "string", default: "3691" },
    profile: { type: "boolean", default: false },
  },
});
const products = Number(flags.products);
const requests = Number(flags.requests);
const page = flags.path ?? `/bench-${products}`;
const port = Number(flags.port);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-render-"));
const profileDir = path.join(dataDir, "profile");
let server: ChildProcess | null = null;

try {
  await seedBenchStores(dataDir, [products]);
  server = spawn(
    process.execPath,
    [
      ...(flags.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      "--import",
      "tsx",
      "server/start.ts",
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        JOBS: "off",
        PAGE_CACHE: "off",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}${page}`;
  await waitForReady(url, server, 150_000);
  const first = await fetch(url);
  const html = await first.text();
  if (first.status !== 200) throw new Error(`${page} answered ${first.status}`);
  for (let i = 0; i < Number(flags.warmup); i++) await (await fetch(url)).arrayBuffer();

  const cpuBefore = cpuTicks(server.pid!);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200 || response.headers.get("x-cache") === "HIT") throw new Error("not a render");
    latencies.push(performance.now() - t0);
  }
  const wall = performance.now() - started;
  const cpuMs = ((cpuTicks(server.pid!) - cpuBefore) / TICKS_PER_SECOND) * 1000;
  latencies.sort((a, b) => a - b);
  const perRender = cpuMs / requests;
  console.log(`page ${page}: ${html.length} bytes of HTML, ${requests} sequential uncached renders`);
  console.log(
    `server CPU per render: ${perRender.toFixed(2)} ms → at most ${Math.round(1000 / perRender)} req/s on one core`,
  );
  console.log(
    `latency: median ${median(latencies).toFixed(2)} ms, p90 ${latencies[Math.floor(requests * 0.9)]!.toFixed(2)} ms; wall ${(wall / requests).toFixed(2)} ms per request`,
  );
  if (flags.profile) {
    await stopServer(server);
    server = null;
    printProfile(profileDir);
  }
} finally {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

function median(sorted: number[]): number {
  return sorted[Math.floor(sorted.length / 2)]!;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };

/** Self time grouped by package (or app file) and by function, from the V8 profile. */
function printProfile(dir: string) {
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) return console.log("no profile written");
  copyFileSync(path.join(dir, file), path.join(tmpdir(), "vitrina-render-cost.cpuprofile"));
  console.log(`profile kept at ${path.join(tmpdir(), "vitrina-render-cost.cpuprofile")}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    const { url, functionName } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") return;
    total += delta;
    const group = groupOf(url, functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + delta);
    const name = `${functionName || "(anonymous)"} ${group}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join("\n");
  console.log(`\nbusy time by package (self time, ${Math.round(total / 1000)} ms):\n${top(byGroup, 20)}`);
  console.log(`\nbusiest functions:\n${top(byFunction, 30)}`);
}

function groupOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  return path.relative(ROOT, url.replace("file://", ""));
}
