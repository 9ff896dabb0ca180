import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, getAuth } from "~/auth/auth.server";
import { closeDatabase, startDatabase } from "~/db/db.server";
import { seedDemoIfEmpty } from "~/features/demo/demo-seed.server";
import { startJobs, stopJobs } from "~/jobs/runtime.server";
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { cspNonceContext } from "~/lib/request-context";
import { subdomainRedirect } from "./host-routing";
import { securityHeaders } from "./security-headers";

// The Express application: built by Vite as the server bundle, so it shares one copy of the
// database, auth and route code with React Router (ARCHITECTURE.md "How a request flows").
const config = getConfig();

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
  // The client address comes from the socket (or the trusted proxy), never from a header the client sent.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
});

app.use(securityHeaders({ production: config.production, https: config.baseUrl.startsWith("https://") }));

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

// A cross-site form post is refused before it reaches an action (SameSite=Lax is the other half).
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/auth/")) return next();
  const origin = req.headers.origin;
  if (origin && origin !== "null" && new URL(origin).host !== req.headers.host) {
    return res.status(403).type("text/plain").send("Forbidden");
  }
  next();
});

app.all("/api/auth/*splat", (req, res) => toNodeHandler(getAuth())(req, res));

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      return context;
    },
  }),
);

/** Migrations and the demo store, before the first request is served. */
export async function startup(): Promise<void> {
  const database = await startDatabase();
  logger.info({ database: database.kind }, "database ready");
  await seedDemoIfEmpty(database.db, config);
  startJobs();
}

export async function shutdown(): Promise<void> {
  stopJobs();
  await closeDatabase();
}
