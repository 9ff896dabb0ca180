/**
 * Whether an error is a script chunk that could not be loaded (Chromium, Firefox and Safari word it
 * differently), so the error page offers a reload instead of "server error".
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}

/**
 * For a lazy import: when its chunk failed and the chunk guard prevented the error to reload the
 * page (decision 0054), Vite resolves the import with nothing; wait for the reload instead of
 * failing on it.
 */
export function untilReload<T>(module: T | undefined): T | Promise<T> {
  return module ?? new Promise<T>(() => {});
}
