import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync } from "node:fs";
import path from "node:path";

export type FileEntry = { path: string; size: number; sha256: string };

/** Every file below dir (relative paths with "/", sorted), with its size and SHA-256. */
export async function listFiles(dir: string): Promise<FileEntry[]> {
  if (!existsSync(dir)) return [];
  const entries: FileEntry[] = [];
  const visit = async (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) entries.push({ path: child, ...(await digest(path.join(dir, child))) });
    }
  };
  await visit("");
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function digest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}
