// The Cloud SDK's Firestore emulator is a Java process emulator-guard.mjs cannot enter: it answers
// any Origin with CORS and takes `Bearer owner` as admin. This front takes its port and passes on
// what origin-check.mjs allows; gRPC (HTTP/2 with prior knowledge: the Admin SDK) passes as bytes.
import http from 'node:http';
import net from 'node:net';
import { FORBIDDEN, refused } from './origin-check.mjs';

const H2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n');
// How long a connection may take to send its first bytes (enough to tell HTTP/2 from HTTP/1):
// before they come, neither the web server's header timeout nor the emulator's applies.
const HEAD_TIMEOUT_MS = 10_000;

/**
 * Listens on `host:port` in front of the emulator on `host:upstreamPort`; resolves once listening,
 * with `close()` that ends every connection.
 * @param {{ host: string, port: number, upstreamPort: number, allowedOrigins: ReadonlySet<string>,
 *   headTimeoutMs?: number }} o
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function startFirestoreGuard(o) {
  const sockets = new Set();
  // A connection per request: a kept-alive one the emulator has just closed fails the next request
  // (ECONNRESET), which the page then sees as a CORS failure. Loopback connections cost little.
  const agent = new http.Agent({ keepAlive: false });
  const web = http.createServer((req, res) => {
    if (refused(req.headers, o.allowedOrigins)) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end(FORBIDDEN);
      return;
    }
    const up = http.request(
      { host: o.host, port: o.upstreamPort, method: req.method, path: req.url, headers: req.headers, agent },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    let pageGone = false;
    up.once('error', (error) => {
      if (pageGone) return;
      console.error(`firestore-guard: ${req.method} ${req.url?.split('?')[0]}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A listen channel held open by a page that went away: let the emulator know at once.
    res.once('close', () => {
      if (res.writableFinished) return;
      pageGone = true;
      up.destroy();
    });
    req.pipe(up);
  });

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('error', () => socket.destroy());
    // A connection that never says what it is (slowloris) would otherwise be held for ever.
    const slow = () => socket.destroy();
    socket.setTimeout(o.headTimeoutMs ?? HEAD_TIMEOUT_MS, slow);
    let head = Buffer.alloc(0);
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const n = Math.min(head.length, H2_PREFACE.length);
      const h2 = head.subarray(0, n).equals(H2_PREFACE.subarray(0, n));
      if (h2 && n < H2_PREFACE.length) return; // too short to tell yet
      socket.off('data', onData);
      socket.setTimeout(0);
      socket.off('timeout', slow);
      socket.pause();
      if (h2) {
        const upstream = net.connect(o.upstreamPort, o.host, () => {
          upstream.write(head);
          socket.pipe(upstream).pipe(socket);
          socket.resume();
        });
        sockets.add(upstream);
        upstream.once('close', () => {
          sockets.delete(upstream);
          socket.destroy();
        });
        upstream.once('error', () => upstream.destroy());
        socket.once('close', () => upstream.destroy());
      } else {
        socket.unshift(head);
        web.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port, o.host, () => ok(undefined));
  });
  return {
    close: () =>
      new Promise((ok) => {
        server.close(() => ok(undefined));
        for (const s of sockets) s.destroy();
        agent.destroy();
      }),
  };
}
