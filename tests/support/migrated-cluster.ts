import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

// Decision 0154. The servers that e2e specs start themselves begin on an empty data directory. Creating the
// embedded cluster and migrating it took about 5 s (4.2 s and 0.9 s) of each start, and a run starts
// about a dozen. So the first start in a run makes one migrated cluster, and every start on an
// empty directory copies it: what the server then finds is what its own first start would have left.

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Where the run keeps its migrated cluster: playwright.config.ts names it and removes it at the end. */
function templateDir(): string {
  const dir = process.env.VITRINA_E2E_CLUSTER_TEMPLATE;
  if (!dir) throw new Error("VITRINA_E2E_CLUSTER_TEMPLATE is not set (playwright.config.ts sets it)");
  return dir;
}

async function ensureTemplate(): Promise<string> {
  const template = templateDir();
  if (existsSync(template)) return template;
  // Built aside and renamed into place, so no start ever copies half a cluster. Two workers may both
  // build one; the first rename wins and the other's copy is dropped.
  const building = mkdtempSync(`${template}-building-`);
  try {
    await run(
      process.execPath,
      ["--import", "tsx", "tests/support/migrate-cluster.ts", path.join(building, "pglite")],
      {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: "error" },
      },
    );
    try {
      renameSync(path.join(building, "pglite"), template);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Gives a server's data directory the run's migrated cluster, unless it has a cluster already. */
export async function withMigratedCluster(dataDir: string): Promise<void> {
  const cluster = path.join(dataDir, "pglite");
  if (existsSync(cluster)) return;
  cpSync(await ensureTemplate(), cluster, { recursive: true });
}
