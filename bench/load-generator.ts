import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process";

// The load generator of every throughput benchmark, and its ceiling (decision 0025). wrk (C, epoll)
// drives a static server far beyond what a Node process serves; autocannon in one Node thread topped
// out near 3.5k req/s on these machines and so measured itself. nginx serving the same bytes from
// disk is printed beside every figure: what this machine, with this generator, can do at all.

const INSTALL = "install them with: apt-get install -y wrk nginx-light (Debian/Ubuntu)";

/** Fails with how to install when wrk or nginx is missing. */
export function requireTools(): void {
  const missing = ["wrk", "nginx"].filter((tool) => {
    const probe = spawnSync(tool, [tool === "wrk" ? "--version" : "-v"], { stdio: "ignore" });
    return (probe.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
  });
  if (missing.length > 0) {
    console.error(`bench: ${missing.join(" and ")} not found on PATH; ${INSTALL}.`);
    process.exit(2);
  }
}

export type LoadResult = {
  /** Requests per second over the whole run, as wrk reports it. */
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx/3xx answers plus socket errors: any is a failed run. */
  errors: number;
  /**
   * The errors by kind, as wrk counts them: `status` answers of 400 and above; `timeout` requests
   * older than the generator's --timeout, counted once by every check wrk makes every 2 s while one
   * waits (so a count, not a number of requests; wrk leaves them out of the latencies, so p99 is of
   * the others); `connect`, `read`, `write` socket failures.
   */
  errorKinds: { status: number; timeout: number; connect: number; read: number; write: number };
  /** CPU time of the server process (all its threads) per answer, in microseconds. */
  cpuUsPerRequest: number | null;
};

export type LoadOptions = {
  connections: number;
  seconds: number;
  threads?: number;
  /** A wrk Lua script (e.g. one that picks each request's path from a mix). */
  script?: string;
  /** wrk's --timeout: an answer slower than this counts as a timeout error (default 10 s). */
  timeoutSeconds?: number;
  /** Request headers, e.g. `{ "Accept-Encoding": "gzip" }` as a browser sends. */
  headers?: Record<string, string>;
};

/** One wrk run against `url`; `pid` (the server) is charged its CPU time. */
export function runWrk(url: string, options: LoadOptions, pid?: number): Promise<LoadResult> {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    "--timeout",
    `${options.timeoutSeconds ?? 10}s`,
    ...(options.script ? ["-s", options.script] : []),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    url,
  ];
  const cpuBefore = pid ? cpuSeconds(pid) : null;
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${output}`));
      try {
        const result = parseWrk(output);
        const cpu = pid && cpuBefore !== null ? cpuSeconds(pid) - cpuBefore : null;
        resolve({
          ...result,
          cpuUsPerRequest: cpu !== null && result.requests ? Math.round((cpu * 1e6) / result.requests) : null,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

export function parseWrk(output: string): Omit<LoadResult, "cpuUsPerRequest"> {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : null;
  };
  const rps = number(/Requests\/sec:\s+([\d.]+)/);
  const requests = number(/(\d+) requests in/);
  if (rps === null || requests === null) throw new Error(`unreadable wrk output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const status = number(/Non-2xx or 3xx responses: (\d+)/) ?? 0;
  const [connect, read, write, timeout] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  return {
    rps: Math.round(rps),
    requests,
    p50Ms: latencyMs(output, "50"),
    p99Ms: latencyMs(output, "99"),
    errors: status + socketErrors,
    errorKinds: { status, timeout: timeout!, connect: connect!, read: read!, write: write! },
  };
}

function latencyMs(output: string, percentile: string): number {
  const match = new RegExp(`^\\s+${percentile}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
  if (!match) return Number.NaN;
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  return Math.round(Number(match[1]) * factor * 100) / 100;
}

/** utime + stime of a process and all its threads, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}

export type Nginx = { url: string; workerPid: number; stop: () => void };

/**
 * nginx (one worker, like one Node process) serving `body` at `urlPath` from a file, configured as
 * one would for static files: sendfile, an open-file cache, no access log, long keep-alive.
 */
export async function startNginx(urlPath: string, body: Buffer, type: string): Promise<Nginx> {
  // Its own folder, not the data directory: nginx's worker runs unprivileged and must read it.
  const root = mkdtempSync(path.join(tmpdir(), "vitrina-nginx-"));
  mkdirSync(path.join(root, "www"));
  chmodSync(root, 0o755);
  chmodSync(path.join(root, "www"), 0o755);
  writeFileSync(path.join(root, "www", "page"), body, { mode: 0o644 });
  const port = await freePort();
  writeFileSync(
    path.join(root, "nginx.conf"),
    `worker_processes 1; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; open_file_cache max=16; keepalive_requests 1000000;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${port}; root ${root}/www;
    location = ${urlPath} { default_type "${type}"; try_files /page =404; }
  }
}`,
  );
  const master: ChildProcess = spawn("nginx", ["-c", path.join(root, "nginx.conf"), "-p", root], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}${urlPath}`;
  for (let i = 0; i < 100; i++) {
    if (master.exitCode !== null) throw new Error(`nginx exited with ${master.exitCode}`);
    try {
      const response = await fetch(url);
      const served = Buffer.from(await response.arrayBuffer());
      if (!served.equals(body)) throw new Error("nginx does not serve the same bytes");
      const workerPid = childrenOf(master.pid!)[0];
      if (!workerPid) throw new Error("nginx has no worker process");
      const stop = () => {
        master.kill("SIGTERM");
        master.once("exit", () => rmSync(root, { recursive: true, force: true }));
      };
      return { url, workerPid, stop };
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("nginx")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  master.kill("SIGTERM");
  throw new Error(`nginx did not start (see ${root}/error.log)`);
}

function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
