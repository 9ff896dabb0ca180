import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import express from "express";
import { dataDirSetting } from "~/lib/config.server";
import { ownerOnlyFiles, secureDataDir, tighteningWarning } from "~/lib/data-dir.server";
import { buildIfStale, serverBuild } from "./build-fresh";
import { drainable } from "./graceful-close";
import { applyHttpTimeouts } from "./http-timeouts";
import { idleCollectorFromEnv } from "./idle-collect";
import { parseTrustProxy } from "./trust-proxy";
import { turnBudget, turnBudgetSetting } from "./turn-budget";
import { runWorkers, workerCount } from "./workers";

// `npm start` (production build, built when missing or stale) and `npm run dev` (Vite middleware).
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

// Decision 0119: everything the server writes is its user's only (workers inherit the umask), and a
// DATA_DIR left open by an earlier version is tightened, or the start says loudly what is still open.
ownerOnlyFiles();
if (cluster.isPrimary) {
  const dataDir = dataDirSetting();
  const warning = tighteningWarning(dataDir, secureDataDir(dataDir));
  if (warning) console.warn(warning);
}

type ServerBundle = {
  app: express.RequestHandler;
  startup: () => Promise<void>;
  shutdown: () => Promise<void>;
  /** Answers a cached public page before Express; false to let Express handle it. */
  fastPath?: (req: IncomingMessage, res: ServerResponse) => boolean;
};

// TRUST_PROXY=1, true, or addresses (README "Settings"); a value it cannot read stops the start here,
// in the primary process too, before any worker is forked.
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
const budget = turnBudget(turnBudgetSetting(process.env.TURN_BUDGET_MS));

/** How long a shutdown waits for the requests in flight. */
const SHUTDOWN_GRACE_MS = 10_000;

const root = path.resolve(import.meta.dirname, "..");

async function main() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  let bundle: ServerBundle;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    bundle = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerBundle;
    app.use(async (req, res, next) => {
      const fresh = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerBundle;
      fresh.app(req, res, next);
    });
  } else {
    if (cluster.isPrimary) buildOrFail();
    bundle = (await import(serverBuild)) as ServerBundle;
    app.use(
      "/assets",
      express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // The files of public/ (the favicon) by name: looking each page's path up on disk cost more than
    // the rest of Express together.
    const clientDir = path.join(root, "build/client");
    // With their folders (public/landing/ holds the landing page's video).
    const publicFiles = new Set(
      readdirSync(clientDir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name))}`)
        // builds/latest.json is answered by server/build-id.ts, never from a cache (decision 0053).
        .filter((file) => !file.startsWith("/assets/") && !file.startsWith("/builds/")),
    );
    const publicStatic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));
    app.use(bundle.app);
  }

  await bundle.startup();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const fastPath = dev ? undefined : bundle.fastPath;
  // Decision 0116: after a burst, a quiet process gives its garbage's memory back.
  const idle = idleCollectorFromEnv(process.env);
  const server: Server = applyHttpTimeouts(
    createServer((req, res) => {
      idle?.served();
      budget.run(() => {
        if (!fastPath?.(req, res)) app(req, res);
      });
    }),
  ).listen(port, host, () => {
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    const rootDomain = process.env.ROOT_DOMAIN ?? "localhost";
    console.log(
      `Vitrina is running at http://${rootDomain}:${port} (demo store: http://${rootDomain}:${port}/demo)`,
    );
  });

  // SIGTERM lets the requests in flight finish (up to 10 s) before the database closes.
  const drain = drainable(server);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing (${drain.inFlight()} requests in flight)`);
    idle?.stop();
    const outcome = await drain.close(SHUTDOWN_GRACE_MS);
    if (outcome === "timed out") console.log(`${signal}: requests still running after 10 s were cut`);
    await bundle.shutdown();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** A fresh clone has no build; a changed source tree needs a new one. */
function buildOrFail() {
  if (!buildIfStale()) throw new Error("react-router build failed");
}

const workers = dev ? 1 : workerCount();
if (workers > 1 && cluster.isPrimary) {
  buildOrFail();
  runWorkers(workers);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
