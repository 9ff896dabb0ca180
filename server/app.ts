import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import { sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { readSession, sessionAnswer } from "~/auth/session.server";
import { closeDatabase, getDb, getStoreDb, startDatabase } from "~/db/db.server";
import { migrationsApplied } from "~/db/migration-status.server";
import { applyAdminEmails } from "~/features/admin/admin-users.server";
import { API_BODY_LIMIT, API_PREFIX, createApiHandler } from "~/features/api/api-handler.server";
import { markServerRunning, markServerStopped } from "~/features/backup/server-lock.server";
import { seedDemoIfEmpty } from "~/features/demo/demo-seed.server";
import { domainDirectory } from "~/features/domains/domain-directory.server";
import { heldStoreFeed } from "~/features/feeds/feed.server";
import { encodedNow } from "~/features/feeds/feed-encodings.server";
import { IMAGE_UPLOAD_BODY_LIMIT } from "~/features/images/image.server";
import { recoverImports } from "~/features/import/import-runner.server";
import { IMPORT_UPLOAD_BODY_LIMIT } from "~/features/import/read-file.server";
import { switchXlsxReaderToBuiltScript } from "~/features/import/xlsx-read.server";
import { loadStarterLibrary } from "~/features/library/library-starter.server";
import { backfillImageBytes } from "~/features/my-images/image-ledger.server";
import { MY_IMAGES_BODY_LIMIT } from "~/features/my-images/my-images-action.server";
import { pdfRenderPool } from "~/features/pdf/price-list-pdf.server";
import { VERIFY_BODY_LIMIT, VERIFY_DRAIN_LIMIT } from "~/features/seals/verify-upload.server";
import { StorePageCache } from "~/features/storefront/page-cache.server";
import { catalogueCache, storeVersions } from "~/features/storefront/public-caches.server";
import { hasStorePage } from "~/features/stores/public-store.server";
import { jobsAlive, startJobs, stopJobs } from "~/jobs/runtime.server";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { documentRequestContext } from "~/lib/document-only";
import { logger, withRequestId } from "~/lib/logger.server";
import {
  getMetrics,
  reportPoolStats,
  routeLabeller,
  routePatterns,
  type Tally,
  tally,
} from "~/lib/metrics.server";
import { cspNonceContext, customDomainContext } from "~/lib/request-context";
import { BUILD_META_PREFIX } from "~/shell/app-manifest";
import { BUILD_ID_PATH } from "~/shell/build-id";
import { getStorage } from "~/storage/storage.server";
import { apiV1 } from "./api-v1";
import { bodyLimit, withReadBody } from "./body-limit";
import { buildIdHandler, buildMetaHandler } from "./build-id";
import { recordClientAddress } from "./client-address";
import { metricsCollector } from "./cluster-metrics";
import { compressResponses } from "./compress-responses";
import { serveCompressedAsset } from "./compressed-assets";
import { customDomains, DOMAIN_CHECK_PATH, domainCheckHandler, onOperationsHosts } from "./custom-domains";
import { feedEdge } from "./feed-edge";
import { frontCacheExpiryHeaders } from "./front-cache-expiry";
import { subdomainRedirect } from "./host-routing";
import { inputGuard } from "./input-guard";
import { refuseMalformedRequests } from "./malformed-request";
import { operationsRouter } from "./operations";
import { crossSiteWriteAllowed, sameOriginWrites } from "./origin-check";
import { publicStorePages } from "./public-pages";
import { securityHeaders } from "./security-headers";
import { storePageEdge } from "./store-page-edge";

// The Express application: built by Vite as the server bundle, so it shares one copy of the
// database, auth and route code with React Router (ARCHITECTURE.md "How a request flows").
const config = getConfig();

// Loaded once when the server starts: a later `react-router build` in the same checkout renames the
// chunk on disk, and a lookup per request would then fail every request with ERR_MODULE_NOT_FOUND.
const serverBuild = import("virtual:react-router/server-build");

export const app = express.Router();
const metrics = getMetrics();

// Decision 0045: probes and metrics come first: a load balancer asks by address, not by the root domain,
// and its probes every few seconds would only fill the request log. They answer on the platform's and
// the network's own names only: on a store's own domain those paths are the host rules' 404.
app.use(
  onOperationsHosts(
    config,
    operationsRouter({
      checks: {
        database: async () => Boolean(await getDb().execute(sql`select 1`)),
        migrations: () => migrationsApplied(getDb()),
        jobs: async () => jobsAlive(),
      },
      metricsToken: config.metricsToken,
      registry: metrics.registry,
      collect: metricsCollector(metrics.registry),
    }),
  ),
);

// Requests are counted by the pattern of the route that answers them (bounded label values).
let routeOf = (_path: string, _status: number) => "other";
void serverBuild.then((build) => {
  routeOf = routeLabeller(routePatterns(build.routes));
});

app.use((req: Request, res: Response, next: NextFunction) => {
  const id = randomUUID();
  const started = performance.now();
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    const ms = performance.now() - started;
    logger.info({
      id,
      method: req.method,
      path: req.originalUrl,
      status: res.statusCode,
      ms: Math.round(ms),
    });
    const route = routeOf(req.path, res.statusCode);
    metrics.requests.inc({ method: req.method, route, status: res.statusCode });
    metrics.requestSeconds.observe({ method: req.method, route }, ms / 1000);
  });
  recordClientAddress(req);
  withRequestId(id, next, (done) => res.once("close", done));
});

app.use(refuseMalformedRequests());

app.use(
  securityHeaders({
    production: config.production,
    https: config.baseUrl.startsWith("https://"),
    // The "Continue with Google" form is answered with a redirect to Google's sign-in page.
    formTargets: [
      ...(config.googleClientId && config.googleClientSecret
        ? [new URL(config.googleOAuthBaseUrl ?? "https://accounts.google.com").origin]
        : []),
      // Decision 0042: the card payment form posts to cPay's hosted payment page.
      ...(config.cpay ? [new URL(config.cpay.url).origin] : []),
    ],
  }),
);

// Decision 0121: a path or query no route can read (a NUL, broken UTF-8) answers 400 here.
app.use(inputGuard());

// Decision 0133: the Host decides first: the platform's own, a store's verified domain, or a plain 404.
app.use(customDomains({ platform: config, directory: domainDirectory }));
app.get(
  DOMAIN_CHECK_PATH,
  domainCheckHandler(domainDirectory, {
    rootDomain: config.rootDomain,
    hasStorePage: (username) => hasStorePage(getDb(), username),
  }),
);

// The REST API for POS and ERP programs; a bearer token, JSON bodies (decision 0071).
app.use(
  API_PREFIX,
  apiV1(
    createApiHandler({ db: getDb, storeDb: getStoreDb, now: () => getClock().now(), origin: config.baseUrl }),
    {
      limit: API_BODY_LIMIT,
    },
  ),
);

app.use((req: Request, res: Response, next: NextFunction) => {
  const location = subdomainRedirect({
    host: req.headers.host ?? "",
    path: req.path,
    search: req.originalUrl.slice(req.path.length).startsWith("?")
      ? req.originalUrl.slice(req.path.length)
      : "",
    protocol: req.protocol,
    rootDomain: config.rootDomain,
  });
  if (location) return res.redirect(301, location);
  next();
});

// Pages, data requests, feeds and JSON compressed by Accept-Encoding (decision 0079); the
// store page cache, below, answers with its own compressed bodies, which pass through untouched.
app.use(compressResponses());
// Public answers name how long a front cache may keep them (decision 0135).
app.use(frontCacheExpiryHeaders());

app.use(sameOriginWrites({ skip: crossSiteWriteAllowed }));
// Bodies over the limit are refused with 413 before they are read (decision 0021).
app.use(
  bodyLimit({
    rules: [
      // A product file of up to 15 MB, plus the multipart envelope.
      // (".data": the same form posted by a client-side navigation.)
      {
        paths: ["/dashboard/products/import", "/dashboard/products/import.data"],
        limit: IMPORT_UPLOAD_BODY_LIMIT,
      },
      // My images without JavaScript posts several files at once.
      { paths: ["/dashboard/r2-images", "/dashboard/r2-images.data"], limit: MY_IMAGES_BODY_LIMIT },
      // A day's price list and its seal, checked by /verify (decision 0132).
      {
        paths: ["/verify", "/verify.data"],
        limit: VERIFY_BODY_LIMIT,
        tooLargeLocation: "/verify?error=fileTooLarge",
        drainUpTo: VERIFY_DRAIN_LIMIT,
      },
      {
        paths: ["/api/images"],
        limit: IMAGE_UPLOAD_BODY_LIMIT,
        tooLarge: { ok: false, errors: { form: "errors:imageTooLarge" } },
      },
    ],
    rawPaths: ["/api/auth/"],
  }),
);

// GET /api/auth/session may name the impersonator by id (decision 0044) — ours, not a better-auth endpoint
// (better-auth's own is /api/auth/get-session), answered like /api/_auth/session.
app.get("/api/auth/session", async (req, res) => {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  const user = await readSession(new Request(new URL(req.originalUrl, config.baseUrl), { headers }));
  res.setHeader("Cache-Control", "no-store");
  res.json(sessionAnswer(user));
});
app.all("/api/auth/*splat", (req, res) => toNodeHandler(getAuth())(req, res));

// The build an open dashboard compares its own with (decision 0053).
app.get(
  BUILD_ID_PATH,
  buildIdHandler({
    file: path.resolve(import.meta.dirname, "../client/builds/latest.json"),
    runningId: async () => (await serverBuild).assets.version,
  }),
);
app.get(
  `${BUILD_META_PREFIX}:id.json`,
  buildMetaHandler({
    dir: path.resolve(import.meta.dirname, "../client/builds/meta"),
    runningId: async () => (await serverBuild).assets.version,
  }),
);

// Uploaded images on the local disk (app/storage): keys never change content, so a year of
// caching is safe; nosniff keeps a browser from guessing a type other than the stored WebP.
app.use(
  "/uploads",
  express.static(path.join(config.dataDir, "uploads"), {
    immutable: true,
    maxAge: "365d",
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  }),
  // A missing image (404) or a path that climbs out of the folder (403) is the visitor's mistake:
  // answered with its status, not handed to Express's final handler, which logs its stack.
  (error: { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (!error.status || error.status >= 500) return next(error);
    res
      .status(error.status)
      .type("text/plain")
      .send(error.status === 404 ? "Not Found" : "Forbidden");
  },
);
// For speed, the public store page is cached per store and view (decisions 0016, 0025, 0026). A miss
// is rendered by React Router below and stored by the edge; a hit is answered by fastPath().
// A cached page is answered in a few tens of microseconds, and prom-client hashes the labels of
// every inc() it is given: the fast path counts in tallies, read at each scrape (decision 0152).
const pageCacheCounters = {
  hit: tally(metrics.pageCache, { result: "hit" }),
  miss: tally(metrics.pageCache, { result: "miss" }),
};
const pageCache = new StorePageCache(getClock(), storeVersions);
const pageEdge = storePageEdge({
  cache: pageCache,
  rootDomain: config.rootDomain,
  platform: config,
  domains: domainDirectory,
  currentVersion: async (username) =>
    catalogueCache.currentVersion(username) ?? (await pageCache.currentVersion(getDb(), username)),
  nonceOf: (res) => String(res.locals.cspNonce ?? ""),
  counted: (result) => pageCacheCounters[result].inc(),
});
app.use(pageEdge.middleware);
// Decision 0151: a store's live price files, once answered for a version, are answered by fastPath().
const liveFeeds = feedEdge({
  rootDomain: config.rootDomain,
  platform: config,
  domains: domainDirectory,
  versions: storeVersions,
  held: heldStoreFeed,
  encoded: encodedNow,
  counted: (file, method, status) =>
    requestCounter(
      method,
      file === "json" ? "/:username/prices.json" : "/:username/prices.csv",
      status,
    ).inc(),
});
app.use(liveFeeds.capture);
// Decision 0144: a visitor's store page and point of sale page are published documents, rendered
// without React Router.
app.use(publicStorePages());

// The bundle runs from build/server; its assets sit in build/client/assets.
const ASSETS_DIR = path.resolve(import.meta.dirname, "../client/assets");

/** Answers a cached public page or a compressed asset on the raw Node request; false otherwise. */
export function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url?.startsWith("/assets/")) return serveCompressedAsset(ASSETS_DIR, req, res);
  if (liveFeeds.fastPath(req, res)) return true;
  if (!pageEdge.fastPath(req, res)) return false;
  // Counted here, not in the Express middleware they never reach (and answered in well under 1 ms).
  requestCounter(req.method ?? "GET", "/:username", res.statusCode).inc();
  return true;
}

// The same for the request counters of the fast path's answers.
const requestCounters = new Map<string, Tally>();
/** A fast-path answer's request counter: GET or HEAD, a few routes, 200 or 304: a handful in all. */
function requestCounter(method: string, route: string, status: number) {
  const key = `${method} ${route} ${status}`;
  let counter = requestCounters.get(key);
  if (!counter) {
    counter = tally(metrics.requests, { method, route, status });
    requestCounters.set(key, counter);
  }
  return counter;
}

// Created once, from the loaded build: given a function instead, React Router would flatten and rank
// every route again on every request.
let reactRouter: ReturnType<typeof createRequestHandler> | undefined;
app.use(async (req: Request, res: Response, next: NextFunction) => {
  reactRouter ??= createRequestHandler({
    build: await serverBuild,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      // Client navigations ask for "/path.data" (decision 0012).
      context.set(documentRequestContext, !req.path.endsWith(".data"));
      // Decision 0133: a page of a store's own domain (no scripts, canonical links on that domain).
      context.set(customDomainContext, res.locals.customDomain ?? null);
      return context;
    },
  });
  return reactRouter(withReadBody(req), res, next);
});

// The PDF worker thread runs its built copy, the server bundle's second entry (vite.config.ts).
pdfRenderPool.switchToBuiltScript(path.join(import.meta.dirname, "price-list-pdf-worker.js"));
// So does the thread that reads uploaded .xlsx files (decision 0118).
switchXlsxReaderToBuiltScript(path.join(import.meta.dirname, "xlsx-read-worker.js"));

/** Migrations and the demo store, before the first request is served. */
export async function startup(): Promise<void> {
  const database = await startDatabase();
  logger.info(
    { database: database.kind, tenancyWall: database.tenantWall() ? "on" : "off" },
    "database ready",
  );
  if (!database.tenantWall())
    logger.warn(
      "tenancy wall: off (the roles vitrina_tenant and vitrina_public are missing: docs/operations.md)",
    );
  // A backup or restore must not open the embedded database under this process (decision 0046).
  if (database.kind === "pglite") markServerRunning(config.dataDir);
  reportPoolStats(() => database.poolStats?.() ?? null);
  // Decision 0058: the image library's starter set, before the demo store whose products use it.
  await loadStarterLibrary(database.db);
  await seedDemoIfEmpty(database.db, config);
  // Decision 0092: ADMIN_EMAILS (comma-separated) makes those accounts admins at every start.
  await applyAdminEmails(database.db, config.adminEmails);
  await storeVersions.start(database);
  // Decision 0033: an import this process died in is failed now; its commit never happened.
  await recoverImports(database.db);
  // Decision 0059: images stored before the ledger count their real bytes (in the background: on S3 it is
  // one HEAD per file; every instance may run it, each row is measured once).
  void backfillImageBytes(database.db, getStorage())
    .then((measured) => measured > 0 && logger.info({ measured }, "image sizes backfilled"))
    .catch((error: unknown) => logger.warn({ err: error }, "image size backfill failed"));
  startJobs();
}

export async function shutdown(): Promise<void> {
  stopJobs();
  await pdfRenderPool.close();
  await storeVersions.stop();
  await closeDatabase();
  markServerStopped(config.dataDir);
}
