import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { closeDatabase, getDb, startDatabase } from "~/db/db.server";
import { getClock } from "~/features/confirmation/clock.server";
import { seedDemoIfEmpty } from "~/features/demo/demo-seed.server";
import { IMAGE_UPLOAD_BODY_LIMIT } from "~/features/images/image.server";
import { StorePageCache } from "~/features/storefront/page-cache.server";
import { catalogueCache, storeVersions } from "~/features/storefront/public-caches.server";
import { startJobs, stopJobs } from "~/jobs/runtime.server";
import { getConfig } from "~/lib/config.server";
import { documentRequestContext } from "~/lib/document-only";
import { logger } from "~/lib/logger.server";
import { cspNonceContext } from "~/lib/request-context";
import { bodyLimit, withReadBody } from "./body-limit";
import { recordClientAddress } from "./client-address";
import { serveCompressedAsset } from "./compressed-assets";
import { subdomainRedirect } from "./host-routing";
import { refuseMalformedRequests } from "./malformed-request";
import { sameOriginWrites } from "./origin-check";
import { securityHeaders } from "./security-headers";

// The Express application: built by Vite as the server bundle, so it shares one copy of the
// database, auth and route code with React Router (ARCHITECTURE.md "How a request flows").
const config = getConfig();

// Loaded once when the server starts: a later `react-router build` in the same checkout renames the
// chunk on disk, and a lookup per request would then fail every request with ERR_MODULE_NOT_FOUND.
const serverBuild = import("virtual:react-router/server-build");

export const app = express.Router();

app.use((req: Request, res: Response, next: NextFunction) => {
  const id = randomUUID();
  const started = performance.now();
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    logger.info({
      id,
      method: req.method,
      path: req.originalUrl,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
    });
  });
  recordClientAddress(req);
  next();
});

app.use(refuseMalformedRequests());

app.use(
  securityHeaders({
    production: config.production,
    https: config.baseUrl.startsWith("https://"),
    // The "Continue with Google" form is answered with a redirect to Google's sign-in page.
    formTargets:
      config.googleClientId && config.googleClientSecret
        ? [new URL(config.googleOAuthBaseUrl ?? "https://accounts.google.com").origin]
        : [],
  }),
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

app.use(sameOriginWrites({ skip: (path) => path.startsWith("/api/auth/") }));
// Issue 11 item 6: bodies over the limit are refused with 413 before they are read (decision 0021).
app.use(
  bodyLimit({
    rules: [
      {
        paths: ["/api/images"],
        limit: IMAGE_UPLOAD_BODY_LIMIT,
        tooLarge: { ok: false, errors: { form: "errors:imageTooLarge" } },
      },
    ],
    rawPaths: ["/api/auth/"],
  }),
);

app.all("/api/auth/*splat", (req, res) => toNodeHandler(getAuth())(req, res));

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
);
// Issue 6: the public store page is cached per store and query (decision 0016). A miss is
// rendered by React Router below and recorded here; a hit is answered by fastPath() before Express.
const pageCache = new StorePageCache(getClock(), storeVersions);
const UNCACHED_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "date",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
]);

function cacheKey(req: IncomingMessage): string | null {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redirect = subdomainRedirect({
    host: req.headers.host ?? "",
    path,
    search: queryAt === -1 ? "" : url.slice(queryAt),
    protocol: "http",
    rootDomain: config.rootDomain,
  });
  if (redirect) return null;
  return pageCache.keyFor(req.method ?? "GET", url, req.headers.cookie);
}

app.use(async (req: Request, res: Response, next: NextFunction) => {
  const key = cacheKey(req);
  if (!key) return next();
  const username = key.slice(0, key.indexOf("|"));
  const current =
    catalogueCache.currentVersion(username) ??
    (await pageCache.currentVersion(getDb(), username).catch(() => null));
  if (!current) return next();
  res.setHeader("X-Cache", "MISS");
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding | undefined),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const type = String(res.getHeader("content-type") ?? "");
    if (
      res.statusCode === 200 &&
      type.startsWith("text/html") &&
      !res.getHeader("set-cookie") &&
      req.method === "GET"
    ) {
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !UNCACHED_HEADERS.has(name))
        .map(
          ([name, value]) =>
            [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string],
        );
      pageCache.put(key, {
        storeId: current.id,
        version: current.version,
        headers,
        body: Buffer.concat(chunks),
        nonce: String(res.locals.cspNonce ?? ""),
      });
    }
    return end(chunk, ...rest);
  }) as Response["end"];
  next();
});

// The bundle runs from build/server; its assets sit in build/client/assets.
const ASSETS_DIR = path.resolve(import.meta.dirname, "../client/assets");

/** Answers a cached public page straight from the Node server, before Express; false otherwise. */
export function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url?.startsWith("/assets/")) return serveCompressedAsset(ASSETS_DIR, req, res);
  const key = cacheKey(req);
  if (!key) return false;
  res.setHeader("X-Request-Id", randomUUID());
  return pageCache.serve(key, req, res);
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
      return context;
    },
  });
  return reactRouter(withReadBody(req), res, next);
});

/** Migrations and the demo store, before the first request is served. */
export async function startup(): Promise<void> {
  const database = await startDatabase();
  logger.info({ database: database.kind }, "database ready");
  await seedDemoIfEmpty(database.db, config);
  await storeVersions.start(database);
  startJobs();
}

export async function shutdown(): Promise<void> {
  stopJobs();
  await storeVersions.stop();
  await closeDatabase();
}
