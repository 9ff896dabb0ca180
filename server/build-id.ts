import { readFile } from "node:fs/promises";
import type { Request, Response } from "express";
import { parseBuildId } from "~/shell/build-id";

// Spec §7 "GET builds/latest.json with a timestamp query": the id of the newest build deployed here
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
