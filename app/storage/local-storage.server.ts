import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type FileStorage } from "./file-storage.server";

export const UPLOADS_URL_PREFIX = "/uploads";

/** Files under DATA_DIR/uploads, served by server/app.ts at /uploads with long-lived caching. */
export class LocalStorage implements FileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "uploads");
  }

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertKey(key);
    return `${UPLOADS_URL_PREFIX}/${key}`;
  }
}
