// What every file store offers (local disk, S3), apart from choosing one (storage.server.ts), so
// the stores and the chooser do not import each other.

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The stored file's bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

/** Keys are ours: lower-case segments of [a-z0-9-], no dots that could climb a path. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.(webp)$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}
