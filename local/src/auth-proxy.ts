/**
 * The browser's only way to the Auth emulator: the web build's `connectAuthEmulator` points at
 * this server's own origin, and these paths are passed on to the emulator. The emulator itself
 * refuses every request that carries an Origin header or a foreign Host (emulator-guard.mjs),
 * because it answers any Origin and hands out every account, password hash included, to
 * `accounts:batchGet`. Here a request passes only with this server's own Host and, when it has an
 * Origin, this server's own origin; it reaches the emulator without Origin, Referer or cookies.
 */

import { ownHosts } from './http-guard.ts';

/** Path prefixes the Firebase JS SDK uses against an emulator, and the emulator's own pages. */
const PREFIXES = [
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/emulator/auth/',
  '/emulator/action',
];

export function isAuthProxyPath(pathname: string): boolean {
  return PREFIXES.some((p) => pathname.startsWith(p));
}

/** Auth requests are small JSON or form bodies. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Request headers the SDK and the emulator's pages need; everything else stays here. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'x-client-version',
  'x-firebase-client',
  'x-firebase-gmpid',
  'x-firebase-locale',
  'x-firebase-appcheck',
];

const FORWARDED_RESPONSE_HEADERS = ['content-type', 'cache-control', 'location'];

/** On every proxied answer: framed only by this origin (the SDK's helper iframe), never sniffed. */
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "frame-ancestors 'self'",
};

function refusal(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { code: status, message } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...SECURITY_HEADERS },
  });
}

/**
 * `ownPort()`: the port this server listens on (known once it listens). Hosts accepted: those of
 * the HTTP guard (`127.0.0.1:<port>`, `localhost:<port>`, LOCAL_HOST); origins: the same over http.
 * This sits beside the app's guard, not behind it: the emulator's own pages (the sign-in popup,
 * its helper iframe) run inline scripts that the app pages' CSP forbids.
 */
export function createAuthProxy(
  authEmulatorHost: string,
  listenHost: string,
  ownPort: () => number,
): (request: Request) => Promise<Response> {
  const upstream = `http://${authEmulatorHost}`;
  const ownHostList = () => [...ownHosts(listenHost, ownPort())];

  return async (request) => {
    const url = new URL(request.url);
    const host = request.headers.get('host') ?? '';
    const hosts = ownHostList();
    if (!hosts.includes(host.toLowerCase()))
      return refusal(403, `Host '${host}' is not this server (expected ${hosts[0]}).`);
    const origin = request.headers.get('origin');
    if (origin !== null && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
      return refusal(403, `Origin '${origin}' may not use this server's Auth emulator.`);

    // The emulator's administrator token (every account, every setting) is for Node tools only.
    if (/^bearer\s+owner\s*$/i.test(request.headers.get('authorization') ?? ''))
      return refusal(403, "The Auth emulator's owner token is not accepted from a browser.");
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    let body: ArrayBuffer | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES)
        return refusal(413, `An Auth request body is at most ${MAX_BODY_BYTES} bytes.`);
      body = await request.arrayBuffer();
      if (body.byteLength > MAX_BODY_BYTES)
        return refusal(413, `An Auth request body is at most ${MAX_BODY_BYTES} bytes.`);
    }

    let answer: Response;
    try {
      answer = await fetch(`${upstream}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
      });
    } catch {
      return refusal(503, 'The Auth emulator cannot be reached.');
    }
    const out = new Headers(SECURITY_HEADERS);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      let value = answer.headers.get(name);
      if (value === null) continue;
      // The emulator's own links (redirects after an email action) come back to this origin.
      if (name === 'location' && value.startsWith(upstream))
        value = `${url.origin}${value.slice(upstream.length)}`;
      out.set(name, value);
    }
    return new Response(request.method === 'HEAD' ? null : await answer.arrayBuffer(), {
      status: answer.status,
      headers: out,
    });
  };
}
