// Loaded with `node --import` into firebase-tools' process (Auth, Functions, Hosting, hub): the
// emulators answer any Origin with CORS and take `Bearer owner` as admin, so a page of another site
// could read every account. Requests from a foreign Origin, or for a Host that is not loopback (DNS
// rebinding), get 403; the app's own origin and Node clients (no Origin) pass.
import http from 'node:http';

const allowed = new Set((process.env.FITTRACK_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean));
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guarded(event, ...args) {
  if (event === 'request') {
    const [req, res] = args;
    const origin = req.headers.origin;
    if (!LOOPBACK.test(req.headers.host ?? '') || (origin !== undefined && !allowed.has(origin))) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Forbidden: the FitTrack emulators answer the app and local tools only.\n');
      return true;
    }
  }
  return emit.call(this, event, ...args);
};
