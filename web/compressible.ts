/**
 * File types worth compressing: text. The build writes `x.br` and `x.gz` beside each of them
 * (vite.config.ts), and the local server sends those by Accept-Encoding (local/src/web.ts); images
 * and fonts are compressed formats already. One list, so the two cannot disagree.
 */
export const COMPRESSIBLE: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);
