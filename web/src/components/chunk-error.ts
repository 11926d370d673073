/**
 * A screen's code that could not be loaded: after a deploy the old chunk names are gone (the page
 * must reload to learn the new ones), or the network is down. Browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|Loading chunk/i.test(
    message,
  );
}
