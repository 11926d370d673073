/**
 * The local server's HTTP boundary. Auth emulator tokens are unsigned and the server binds to
 * loopback, so the remaining way in is a web page in the user's own browser:
 *
 * - DNS rebinding: a foreign name resolved to 127.0.0.1 reaches the server with its own Host
 *   header, so only this server's own Host (`127.0.0.1:<port>`, `localhost:<port>`) is answered;
 * - cross-site requests: a page elsewhere can POST here (and a simple request needs no preflight),
 *   so API calls carrying a foreign `Origin` or `Sec-Fetch-Site: cross-site|same-site` are refused;
 * - framing and sniffing: pages carry a CSP with `frame-ancestors 'none'`, every answer `nosniff`.
 *
 * And bodies are read as a stream with a byte limit and a nesting-depth limit, so neither a huge
 * chunked body nor a deeply nested one can exhaust memory or the stack.
 */
import type { IncomingMessage } from 'node:http';
import { HTTP_STATUS } from '@fit/shared/local-protocol';
import { DEMO_PROJECT_ID } from '@fit/shared/model';
import { StoreError, type StoreErrorCode } from '@fit/shared/store';
import type { Context, MiddlewareHandler } from 'hono';
import { BOOT_SCRIPT_CSP_SOURCE } from '../../web/build/boot-script.ts';

/** A request body is JSON, at most this big (Firestore's request limit is 10 MiB). */
export const MAX_BODY_BYTES = 11 * 1024 * 1024;
/**
 * JSON nesting deeper than this is refused before parsing. Firestore nests maps and arrays at most
 * 20 levels inside a document; a request wraps documents in a few more (writes, data, where).
 */
export const MAX_JSON_DEPTH = 64;

/** A refusal with its own HTTP status (413, 421), still in the `{error: {code, message}}` shape. */
export class RequestRefused extends StoreError {
  constructor(
    code: StoreErrorCode,
    message: string,
    readonly status: number,
  ) {
    super(code, message);
  }
}

/** The HTTP status of a refusal. */
export function statusOf(error: StoreError): number {
  return error instanceof RequestRefused ? error.status : (HTTP_STATUS[error.code] ?? 500);
}

/** The port this request arrived on (from the socket, not from any header the client chose). */
function localPort(c: Context): number | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.localPort;
}

export interface GuardOptions {
  /** The address the server listens on (LOCAL_HOST), also accepted as a Host name. */
  listenHost: string;
  /** `host:port` of the Auth emulator the web app talks to (connect-src / frame-src of the CSP). */
  authEmulatorHost: string;
}

/** The Host header values this server answers to on `port`. */
export function ownHosts(listenHost: string, port: number): Set<string> {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const bare = listenHost.replace(/^\[|\]$/g, '');
  hosts.add(bare.includes(':') ? `[${bare}]:${port}` : `${bare}:${port}`);
  return hosts;
}

/**
 * The page's CSP. Scripts only from this server and index.html's boot script (by its hash), plus Google's gapi loader that Firebase Auth's
 * popup sign-in loads; the Auth emulator is fetched (connect-src) and framed (its helper iframe);
 * MUI (Emotion) injects <style> elements, hence 'unsafe-inline' for styles only.
 */
export function pageCsp(authEmulatorHost: string): string {
  const auth = authEmulatorHost ? ` http://${authEmulatorHost}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE} https://apis.google.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${auth}`,
    `frame-src 'self'${auth}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers that are not pages (JSON, streams, assets) may load nothing and be framed by nobody. */
const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * The service worker (web/src/sw) runs under the CSP of its own script: it fetches this server's
 * files (precache, pages) and nothing else. Under NON_PAGE_CSP its install's fetches are refused.
 */
const WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

function refusal(status: number, code: StoreErrorCode, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** Sets the security headers, copying the response first when its headers are immutable. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  try {
    for (const [k, v] of Object.entries(headers)) target.headers.set(k, v);
  } catch {
    target = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) target.headers.set(k, v);
  }
  return target;
}

/**
 * The boundary middleware: Host check on every request, same-origin check on API calls other
 * than `GET /api/health`, and security headers on every answer.
 */
export function httpGuard(options: GuardOptions): MiddlewareHandler {
  const csp = pageCsp(options.authEmulatorHost);
  return async (c, next) => {
    const port = localPort(c);
    const host = c.req.header('host') ?? '';
    const allowed = port === undefined ? new Set<string>() : ownHosts(options.listenHost, port);
    let refused: Response | undefined;
    if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) {
      refused = refusal(413, 'invalid-argument', tooLarge(MAX_BODY_BYTES).message);
    } else if (!allowed.has(host.toLowerCase())) {
      refused = refusal(
        421,
        'permission-denied',
        `This server answers only as http://127.0.0.1:${port ?? '<port>'} or http://localhost:${port ?? '<port>'}; the Host '${host.slice(0, 100)}' is refused (protection against DNS rebinding).`,
      );
    } else if (c.req.path.startsWith('/api/') && !(c.req.method === 'GET' && c.req.path === '/api/health')) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if (origin !== undefined && origin !== `http://${host.toLowerCase()}`)
        refused = refusal(
          403,
          'permission-denied',
          `Cross-origin API calls are refused: the Origin '${origin.slice(0, 100)}' is not this server (http://${host}).`,
        );
      else if (site === 'cross-site' || site === 'same-site')
        refused = refusal(
          403,
          'permission-denied',
          `Cross-origin API calls are refused (Sec-Fetch-Site: ${site}): only this server's own pages may call its API.`,
        );
    }
    if (refused) {
      // The body is not read: the connection closes after the answer instead of draining it.
      return withHeaders(refused, { ...baseHeaders(NON_PAGE_CSP), Connection: 'close' });
    }
    await next();
    const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    const isWorker = c.req.path === '/sw.js' && (c.res.ok || c.res.status === 304);
    c.res = withHeaders(c.res, baseHeaders(isPage ? csp : isWorker ? WORKER_CSP : NON_PAGE_CSP));
  };
}

function baseHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Highest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

const tooLarge = (limit: number) =>
  new RequestRefused('invalid-argument', `The request body exceeds ${limit} bytes.`, 413);

/**
 * Reads the request body as text, counting bytes as they arrive: past `limit` the stream is
 * cancelled and the request refused, so an endless or huge chunked body is never held whole.
 */
export async function readBodyText(c: Context, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}

/** The request body as a JSON object, with the byte and depth limits. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await readBodyText(c);
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new StoreError(
      'invalid-argument',
      `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new StoreError('invalid-argument', `Malformed JSON body: ${(error as Error).message}`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new StoreError('invalid-argument', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * Whether the Auth emulator answers (every signed-in request needs it): its config endpoint
 * within 2 s. Only the verdict is reported; the reason goes to the server log.
 */
export async function authEmulatorHealth(
  authEmulatorHost: string,
  projectId = DEMO_PROJECT_ID,
): Promise<'ok' | 'unreachable'> {
  try {
    const response = await fetch(`http://${authEmulatorHost}/emulator/v1/projects/${projectId}/config`, {
      signal: AbortSignal.timeout(2000),
    });
    await response.body?.cancel();
    if (response.ok) return 'ok';
    console.error(`health: the Auth emulator at ${authEmulatorHost} answered HTTP ${response.status}`);
  } catch (error) {
    console.error(
      `health: the Auth emulator at ${authEmulatorHost} does not answer:`,
      (error as Error).message,
    );
  }
  return 'unreachable';
}
