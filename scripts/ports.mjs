// TCP ports for the processes the scripts and tests start (emulators, the stack), in one place.
// emulator starter, the scripts (start, e2e, bench), the tests and the web screenshots.
// Plain JavaScript so that .mjs scripts and TypeScript tests share it (types: ports.d.mts).
//
// Why not simply listen on port 0: the OS answers with a port of its ephemeral range, the range it
// also gives every outgoing connection. Between our check and the emulator's own listen, any
// fetch on the machine may take that port as its local end. CI saw exactly that while a load test
// ran beside it ("Could not start Authentication Emulator, port taken"). Ports below the ephemeral
// range are only ever taken by a program that asks for them by number.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The OS's ephemeral range: Linux says; elsewhere IANA's 49152-65535. */
export function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low <= high) return { low, high };
  } catch {
    // not Linux
  }
  return { low: 49152, high: 65535 };
}

/**
 * Where `freePort()` looks: from 10000 (clear of the well-known and common dev ports) up to the
 * ephemeral range; above it when a machine's range starts too low; null (ask the OS) when neither
 * side leaves room.
 */
export function pickRange() {
  const { low, high } = ephemeralRange();
  if (low - 10000 >= 2000) return { from: 10000, to: low - 1 };
  if (65535 - high >= 2000) return { from: high + 1, to: 65535 };
  return null;
}

/** Ports this process has handed out: two callers in one process never get the same one. */
const handedOut = new Set();

function listenOnce(host, port) {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: chosen } = server.address();
      server.close(() => resolvePort(chosen));
    });
  });
}

/**
 * A TCP port free right now on `host`. With `port` 0 (the default), a random port below the OS's
 * ephemeral range (see above), never one this process handed out before; with a number, that port,
 * rejecting when it is taken.
 */
export async function freePort(host = '127.0.0.1', port = 0) {
  const range = pickRange();
  if (port !== 0 || !range) return listenOnce(host, port);
  const { from, to } = range;
  for (let attempt = 0; attempt < 200; attempt++) {
    const candidate = from + Math.floor(Math.random() * (to - from + 1));
    if (handedOut.has(candidate)) continue;
    try {
      await listenOnce(host, candidate);
      handedOut.add(candidate);
      return candidate;
    } catch {
      // taken: try another
    }
  }
  throw new Error(`no free TCP port found on ${host} between ${from} and ${to}`);
}

/** Whether `port` on `host` can be listened on. */
export async function isPortFree(host, port) {
  try {
    await listenOnce(host, port);
    return true;
  } catch {
    return false;
  }
}
