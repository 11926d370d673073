/**
 * Serves the built web app (web/dist) with SPA fallback: a file when it exists, a signed-in path's
 * own page (`/user` -> user.html, web/build/route-pages.ts) or else index.html for app routes (paths
 * without a file extension), 404 for missing assets, and a clear page when the web app has not been
 * built yet.
 *
 * As Firebase Hosting does in production: the build's pre-compressed siblings (`x.js.br`,
 * `x.js.gz`, written by web/vite.config.ts) are chosen by Accept-Encoding with `Vary`, hashed
 * assets are cached for a year as immutable, and index.html is revalidated on every load (no-cache
 * plus an ETag, so an unchanged page costs a 304).
 *
 * The service worker (`/sw.js`, web/src/sw) is revalidated on every load like index.html, so a new
 * deploy's worker is found at once, and controls the whole origin (scope `/`, its own folder). Its
 * CSP (it may fetch this server and nothing else) is set by the HTTP guard with the others.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { COMPRESSIBLE } from '../../web/compressible.ts';

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

/** Content-Encoding to the file suffix the build writes, in the server's order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The service worker's path: at the root, so that its scope is every page of the app. */
export const SERVICE_WORKER_PATH = '/sw.js';

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

/**
 * The encodings an Accept-Encoding header allows (q > 0), e.g. `gzip, deflate, br;q=0.9`.
 * `*` allows every encoding not named with q=0; `identity` is always possible.
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  const refused = new Set<string>();
  let star = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (name === '') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k?.trim().toLowerCase() === 'q') q = Number(v);
    }
    const ok = Number.isFinite(q) && q > 0;
    if (name === '*') star = ok;
    else if (ok) accepted.add(name);
    else refused.add(name);
  }
  if (star) for (const e of ENCODINGS) if (!refused.has(e.name)) accepted.add(e.name);
  return accepted;
}

function file(c: Context, path: string, immutable: boolean): Response {
  const ext = extname(path).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  };
  if (c.req.path === SERVICE_WORKER_PATH) headers['Service-Worker-Allowed'] = '/';
  let chosen = path;
  if (COMPRESSIBLE.has(ext)) {
    // Caches must key the response by Accept-Encoding, whichever variant this one is.
    headers.Vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const e of ENCODINGS) {
      if (accepted.has(e.name) && existsSync(path + e.suffix)) {
        chosen = path + e.suffix;
        headers['Content-Encoding'] = e.name;
        break;
      }
    }
  }
  const stat = statSync(chosen);
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
  headers.ETag = etag;
  const inm = c.req.header('if-none-match');
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    // The same headers as the 200 (Content-Type included): a browser stores a 304's headers over
    // the cached ones, and the HTTP guard picks the page's CSP by Content-Type.
    return c.body(null, 304, headers);
  }
  return c.body(readFileSync(chosen), 200, headers);
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
  // A signed-in path has a page of its own, naming its chunks (web/build/route-pages.ts); as
  // Firebase Hosting's cleanUrls serves it.
  const page = /^\/([a-z]+)\/?$/.exec(requested)?.[1];
  const own = page ? join(webDist, `${page}.html`) : undefined;
  if (own && existsSync(own)) return file(c, own, false);
  if (existsSync(index)) return file(c, index, false);
  return c.html(NOT_BUILT_PAGE, 503, SECURITY_HEADERS);
}
