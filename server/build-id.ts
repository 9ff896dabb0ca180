import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Request, Response } from "express";
import { buildManifest, isBuildId } from "~/shell/app-manifest";
import { parseBuildId } from "~/shell/build-id";

// Decision 0053, "GET builds/latest.json with a timestamp query": the id of the newest build deployed here
// (decision 0053). `react-router build` writes it beside the browser's files (react-router.config.ts);
// it is read on every request, so a build written in place is announced by the server still running,
// and no cache on the way may keep an old answer.

/** The id in the build's builds/latest.json, or null when there is none (a dev server) or it is unreadable. */
export async function deployedBuildId(file: string): Promise<string | null> {
  try {
    return parseBuildId(JSON.parse(await readFile(file, "utf8")));
  } catch {
    return null;
  }
}

export function buildIdHandler(options: { file: string; runningId: () => Promise<string> }) {
  return async (_req: Request, res: Response) => {
    const id = (await deployedBuildId(options.file)) ?? (await options.runningId());
    res.setHeader("Cache-Control", "no-store");
    res.json({ id });
  };
}

/**
 * "GET builds/meta/{buildId}.json" (decision 0079): the route rule manifest of a build, from
 * the file that build wrote. A build's manifest never changes, so it is cached for a year. A build
 * this server does not have answers 404: the page that asks is from an older build. The dev server
 * (no files) answers the running build's.
 */
export function buildMetaHandler(options: { dir: string; runningId: () => Promise<string> }) {
  return async (req: Request, res: Response) => {
    const id = String(req.params.id ?? "");
    const notFound = () =>
      res.status(404).setHeader("Cache-Control", "no-store").json({ error: "unknown build" });
    if (!isBuildId(id)) return notFound();
    let body: string | null = null;
    try {
      body = await readFile(path.join(options.dir, `${id}.json`), "utf8");
    } catch {
      // The dev server writes no files; a production build always has its own.
      if (id === (await options.runningId())) body = JSON.stringify(buildManifest(id, 0));
    }
    if (body === null) return notFound();
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("application/json").send(body);
  };
}
