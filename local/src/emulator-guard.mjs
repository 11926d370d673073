// Loaded with `node --import` into the Auth emulator's own process (auth-emulator.mjs starts it so;
// firebase-tools itself is not modified). Three duties:
//
// 1. Exit with the parent: the starter holds the write end of a pipe on fd 3; when the starter dies
//    (even by SIGKILL) the pipe closes and the emulator stops, so no emulator is left orphaned.
// 2. No browser reaches it: every request carrying an Origin header (any page's fetch or form post)
//    or a Host that is not a loopback name (DNS rebinding) is refused with 403. The emulator answers
//    any Origin with CORS and hands every account, password hash included, to `accounts:batchGet`;
//    browsers reach Auth only through the local server's proxy (auth-proxy.ts), which checks the
//    page's origin and sends no Origin on. Node clients (firebase-admin, the seed, tests) send none.
// 3. Accounts persisted as they change (FITTRACK_AUTH_PERSIST_DIR): the answer to every request
//    that may change an account is held until the emulator's accounts are written to disk
//    (tmp + fsync + rename, in the emulator's own import format), so an acknowledged sign-up
//    survives a SIGKILL of the emulator. Exports are coalesced: one export serves every change
//    made before it started.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import http from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';

/** Marks this guard's own requests during the import (they pass while others wait). */
const RESTORE_HEADER = 'x-fittrack-import-restore';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** `Host` header -> host name without port. */
function hostName(host) {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** Requests that cannot change an exported account (the rest hold their answer until saved). */
const READ_ONLY = [
  /:lookup$/,
  /:batchGet$/,
  /:query$/,
  /:createAuthUri$/,
  /:sendOobCode$/,
  /:signInWithPassword$/,
  /\/recaptchaParams$/,
  /\/projects\/[^/]+$/, // getProjectConfig
];

function changesAccounts(method, url) {
  const path = url.split('?')[0] ?? '';
  if (path === '/emulator/action') return true; // verifying an email or resetting a password (GET)
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (path.startsWith('/securetoken.googleapis.com/')) return false; // token refresh
  if (!path.startsWith('/identitytoolkit.googleapis.com/') && !path.startsWith('/emulator/v1/')) return false;
  return !READ_ONLY.some((re) => re.test(path));
}

function parentWatch() {
  if (process.env.FITTRACK_PARENT_FD !== '3') return;
  let stream;
  try {
    stream = new Socket({ fd: 3, readable: true, writable: false });
  } catch {
    return;
  }
  const gone = () => {
    // SIGINT: firebase-tools' own orderly shutdown; a hard exit if that hangs.
    process.kill(process.pid, 'SIGINT');
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  stream.on('data', () => {});
  stream.once('end', gone);
  stream.once('error', gone);
  // The pipe must not keep the emulator alive by itself.
  stream.unref();
}

function persister() {
  const dir = process.env.FITTRACK_AUTH_PERSIST_DIR;
  const port = process.env.FITTRACK_AUTH_PORT;
  const project = process.env.FITTRACK_AUTH_PROJECT;
  if (!dir || !port || !project) return null;
  const base = `http://127.0.0.1:${port}`;
  const exportDir = join(dir, 'auth_export');
  mkdirSync(exportDir, { recursive: true });

  // Written outside auth_export: the emulator imports every file there whose name holds "accounts".
  const writeAtomically = (file, text) => {
    const tmp = join(dir, `.writing-${process.pid}.tmp`);
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  };

  const get = async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: 'Bearer owner' } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
    return text;
  };

  let metadataWritten = false;
  const exportNow = async () => {
    const accounts = await get(
      `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:batchGet?maxResults=-1`,
    );
    const config = await get(`/emulator/v1/projects/${project}/config`);
    writeAtomically(join(exportDir, 'config.json'), config);
    writeAtomically(join(exportDir, 'accounts.json'), accounts);
    if (!metadataWritten) {
      // firebase-tools' export metadata: what `--import` reads to find the auth export.
      writeAtomically(
        join(dir, 'firebase-export-metadata.json'),
        JSON.stringify({ version: 'fittrack', auth: { version: 'fittrack', path: 'auth_export' } }),
      );
      metadataWritten = true;
    }
    // The directory entries themselves (the renames) reach the disk too.
    for (const d of [exportDir, dir]) {
      const fd = openSync(d, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  };

  // With --import, firebase-tools first PATCHes the config and then POSTs accounts.json to
  // `tenants//accounts:batchCreate`: nothing may be exported before that import is done (an export
  // would replace accounts.json while it is being read). Changes made meanwhile wait for it.
  let importing = process.argv.includes('--import');
  let importDone;
  const imported = new Promise((resolve) => {
    importDone = resolve;
  });
  if (!importing) importDone();

  // `queued`: an export that starts after the running one ends; every change seen before it
  // starts shares it.
  let running = null;
  let queued = null;
  const persist = () => {
    if (queued) return queued;
    const previous = (running ?? Promise.resolve()).then(() => imported);
    const next = previous
      .catch(() => {})
      .then(() => {
        queued = null;
        running = next;
        return exportNow();
      })
      .finally(() => {
        if (running === next) running = null;
      });
    queued = next;
    return next;
  };
  // batchCreate sets every imported account's validSince to the import time, which would make
  // every ID token issued before the restart count as revoked (each browser session signed out).
  // The saved value is put back, one accounts:update per account, before anything else is served.
  const restoreValidSince = async () => {
    const { users = [] } = JSON.parse(readFileSync(join(exportDir, 'accounts.json'), 'utf8'));
    for (const user of users) {
      if (!user.localId || !user.validSince) continue;
      const response = await fetch(
        `${base}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: 'Bearer owner',
            [RESTORE_HEADER]: '1',
          },
          body: JSON.stringify({ localId: user.localId, validSince: user.validSince }),
        },
      );
      await response.body?.cancel();
    }
  };

  /** Whether `req` is part of the import at start: it passes unheld, and ends the import. */
  const importRequest = (req, res) => {
    if (!importing) return false;
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'PATCH' && path === `/emulator/v1/projects/${project}/config`) return true;
    if (
      req.method === 'POST' &&
      path === `/identitytoolkit.googleapis.com/v1/projects/${project}/tenants//accounts:batchCreate`
    ) {
      res.once('finish', () => {
        restoreValidSince()
          .catch((error) =>
            process.stderr.write(
              `fittrack: restoring the accounts' token validity failed: ${error.message}\n`,
            ),
          )
          .finally(() => {
            importing = false;
            importDone();
          });
      });
      return true;
    }
    return req.headers[RESTORE_HEADER] === '1';
  };
  return { persist, importRequest, isImporting: () => importing, imported };
}

function guardRequests(saver) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function guardedEmit(event, ...args) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [req, res] = args;
    const origin = req.headers.origin;
    const host = hostName(req.headers.host);
    if (origin !== undefined || !LOOPBACK_HOSTS.has(host)) {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            code: 403,
            message:
              origin !== undefined
                ? 'This Auth emulator answers no browser page directly: pages reach it through the FitTrack local server.'
                : `Host '${req.headers.host}' is not this machine's loopback name.`,
          },
        }),
      );
      return true;
    }
    if (saver?.importRequest(req, res)) return emit.call(this, event, ...args);
    // The emulator listens before its import is done: until then it would answer lookups with no
    // accounts (and a sweep would take everyone for deleted) and take sign-ups the import then
    // conflicts with. Every other request waits for the import (its body stays buffered).
    if (saver?.isImporting()) {
      saver.imported.then(() => this.emit(event, ...args));
      return true;
    }
    if (saver && changesAccounts(req.method ?? 'GET', req.url ?? '/')) {
      const { persist } = saver;
      // The whole answer (body chunks too: the emulator streams its JSON) waits for the save.
      const write = res.write;
      const end = res.end;
      const chunks = [];
      res.write = (...writeArgs) => {
        chunks.push(writeArgs);
        return true;
      };
      res.end = (...endArgs) => {
        persist().then(
          () => {
            res.write = write;
            for (const chunk of chunks) write.apply(res, chunk);
            end.apply(res, endArgs);
          },
          (error) => {
            process.stderr.write(`fittrack: saving the emulator's accounts failed: ${error.message}\n`);
            res.write = write;
            if (!res.headersSent) {
              res.statusCode = 503;
              res.setHeader('Content-Type', 'application/json');
              res.removeHeader('Content-Length');
              end.call(
                res,
                JSON.stringify({
                  error: {
                    code: 503,
                    message: `The account change could not be saved to disk: ${error.message}`,
                  },
                }),
              );
            } else end.apply(res, endArgs);
          },
        );
        return res;
      };
    }
    return emit.call(this, event, ...args);
  };
}

parentWatch();
guardRequests(persister());
