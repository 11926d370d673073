// Loaded with `node --import` into firebase-tools' process (Auth, Functions, Hosting, hub): the
// emulators answer any Origin with CORS and take `Bearer owner` as admin, so a page of another site
// could read every account. What origin-check.mjs refuses gets 403.
import http from 'node:http';
import { FORBIDDEN, refused } from './origin-check.mjs';

const allowed = new Set((process.env.FITTRACK_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean));

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guarded(event, ...args) {
  if (event === 'request') {
    const [req, res] = args;
    if (refused(req.headers, allowed)) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end(FORBIDDEN);
      return true;
    }
  }
  return emit.call(this, event, ...args);
};
