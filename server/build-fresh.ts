import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// The production build, made when it is missing or older than the sources: `npm start` calls it,
// and `npm test` calls it once before the end-to-end suite so that no server it starts builds.

const root = path.resolve(import.meta.dirname, "..");
export const serverBuild = path.join(root, "build/server/index.js");

/** Builds the app unless build/ is newer than every source; false when the build failed. */
export function buildIfStale(): boolean {
  if (existsSync(serverBuild) && newestSource() <= statSync(serverBuild).mtimeMs) return true;
  console.log("Building Vitrina…");
  return spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" }).status === 0;
}

function newestSource(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "server", "public"]) visit(path.join(root, dir));
  for (const file of ["package.json", "vite.config.ts", "react-router.config.ts"]) {
    newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  }
  return newest;
}
