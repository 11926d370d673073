/** A screen's code that could not load (a deploy renamed the chunks, or no network), as browsers word it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|Loading chunk/i.test(
    message,
  );
}
