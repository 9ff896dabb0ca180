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
