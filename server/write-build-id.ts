import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildManifest } from "../app/shell/app-manifest.ts";

// Decision 0053: `react-router build` leaves the build's id in build/client/builds/latest.json, the
// file GET /builds/latest.json answers (server/build-id.ts). The id is React Router's manifest
// version, the one every page of this build carries as window.__reactRouterManifest.version; the
// browser manifest is named after it. Beside it, builds/meta/{id}.json, the build's route rule
// manifest (decision 0079). Imported by react-router.config.ts: node imports and relative paths only.

const MANIFEST = /^manifest-([\w-]+)\.js$/;

export async function writeBuildId(clientDir: string): Promise<string> {
  const names = await readdir(path.join(clientDir, "assets"));
  const ids = names.map((name) => MANIFEST.exec(name)?.[1]).filter((id): id is string => Boolean(id));
  if (ids.length !== 1)
    throw new Error(`expected one browser manifest in ${clientDir}/assets, found ${ids.length}`);
  const id = ids[0]!;
  await mkdir(path.join(clientDir, "builds"), { recursive: true });
  await writeFile(path.join(clientDir, "builds", "latest.json"), `${JSON.stringify({ id })}\n`);
  // "GET builds/meta/{buildId}.json": this build's route rule manifest (decision 0079).
  await mkdir(path.join(clientDir, "builds", "meta"), { recursive: true });
  await writeFile(
    path.join(clientDir, "builds", "meta", `${id}.json`),
    `${JSON.stringify(buildManifest(id, Date.now()))}\n`,
  );
  return id;
}
