// Who may call the dev stack's emulators: the app's own pages (their Origin) and local tools (no
// Origin), on a loopback Host. A foreign Origin is a page of another site in the same browser; a
// foreign Host is a name rebound to 127.0.0.1 (DNS rebinding).
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

export const FORBIDDEN = 'Forbidden: the FitTrack emulators answer the app and local tools only.\n';

/**
 * Whether a request with these headers is refused.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {ReadonlySet<string>} allowedOrigins
 */
export function refused(headers, allowedOrigins) {
  const origin = headers.origin;
  return !LOOPBACK.test(headers.host ?? '') || (origin !== undefined && !allowedOrigins.has(origin));
}
