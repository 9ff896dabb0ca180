// The uploaded file while its import lives (decision 0033): a private temp file under DATA_DIR/imports,
// named by the job id only (never by the owner's file name), never served, deleted when the job
// ends. The upload is written once and read back per step, so it is not held in memory between
// requests (decision 0033).

import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/lib/config.server";
import { isUuid } from "~/lib/uuid";

function fileOf(jobId: string): string {
  if (!isUuid(jobId)) throw new Error(`invalid import id: ${jobId}`);
  return path.join(getConfig().dataDir, "imports", jobId);
}

export async function saveImportFile(jobId: string, bytes: Uint8Array): Promise<string> {
  const file = fileOf(jobId);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return jobId;
}

export async function readImportBytes(fileKey: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(fileOf(fileKey)));
}

export async function deleteImportFile(fileKey: string): Promise<void> {
  await rm(fileOf(fileKey), { force: true });
}
