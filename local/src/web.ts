/**
 * Serves the built web app (web/dist) with SPA fallback: a file when it exists, index.html for
 * app routes (paths without a file extension), 404 for missing assets, and a clear page when the
 * web app has not been built yet.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>FitTrack: web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>The web app is not built yet</h1>
<p>The local server is running (its API answers under <code>/api</code>), but <code>web/dist</code>
has no <code>index.html</code>. Build it with <code>npm run build -w web</code>, or run <code>npm start</code>,
which builds it first, then reload this page.</p>
</body></html>`;

function file(c: Context, path: string, immutable: boolean): Response {
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  return c.body(readFileSync(path), 200, {
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
}

export function serveWeb(c: Context, webDist: string): Response {
  const index = join(webDist, 'index.html');
  let requested: string;
  try {
    requested = decodeURIComponent(c.req.path);
  } catch {
    return c.text('Bad path', 400);
  }
  const resolved = normalize(join(webDist, requested));
  const inside = resolved === webDist || resolved.startsWith(webDist.endsWith(sep) ? webDist : webDist + sep);
  if (inside && existsSync(resolved) && statSync(resolved).isFile())
    return file(c, resolved, requested.startsWith('/assets/'));
  if (extname(requested) !== '' && extname(requested) !== '.html')
    return c.text(`Not found: ${requested}`, 404, SECURITY_HEADERS);
  if (existsSync(index)) return file(c, index, false);
  return c.html(NOT_BUILT_PAGE, 503, SECURITY_HEADERS);
}
