// TCP ports for the processes the scripts and tests start: one definition for the local backend's
// emulator starter, the scripts (start, e2e, bench), the tests and the web screenshots.
// Plain JavaScript so that .mjs scripts and TypeScript tests share it (types: ports.d.mts).
import { createServer } from 'node:net';

/** A TCP port free right now on `host` (0 = ask the OS); rejects when `port` is taken. */
export function freePort(host = '127.0.0.1', port = 0) {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: chosen } = server.address();
      server.close(() => resolvePort(chosen));
    });
  });
}

/** Whether `port` on `host` can be listened on. */
export async function isPortFree(host, port) {
  try {
    await freePort(host, port);
    return true;
  } catch {
    return false;
  }
}
