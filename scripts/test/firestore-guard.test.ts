/**
 * scripts/firestore-guard.mjs in front of a tiny HTTP server standing in for the emulator: a
 * foreign Origin or Host is refused however the request is written or split, and a connection
 * that never says what it is (slowloris on the first bytes) is closed instead of held for ever.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreGuard } from '../firestore-guard.mjs';
import { freePort } from '../ports.mjs';

const APP = 'http://localhost:5000';
let upstream: http.Server;
let guard: { close: () => Promise<void> };
let port: number;

beforeAll(async () => {
  upstream = http.createServer((req, res) => res.end(`UP ${req.method} ${req.url}`));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  const address = upstream.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  port = await freePort();
  guard = await startFirestoreGuard({
    host: '127.0.0.1',
    port,
    upstreamPort: address.port,
    allowedOrigins: new Set([APP]),
    headTimeoutMs: 300,
  });
});

afterAll(async () => {
  await guard.close();
  await new Promise((r) => upstream.close(r));
});

/** Writes each chunk once the guard has had the previous one; answers all it said until it closed. */
function exchange(chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        await new Promise<void>((r) => socket.write(chunk, () => r()));
        await new Promise<void>((r) => setImmediate(r));
      }
    });
  });
}

const request = (head: string) => `${head}\r\nConnection: close\r\n\r\n`;

describe('firestore-guard', () => {
  it('passes a request of the app or of a local tool', async () => {
    expect(await exchange([request(`GET /a HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${APP}`)])).toMatch(
      /200 OK[\s\S]*UP GET \/a$/,
    );
    expect(await exchange([request('GET /b HTTP/1.1\r\nHost: localhost')])).toMatch(/UP GET \/b$/);
  });

  it.each([
    ['a foreign Origin', 'GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example'],
    ['Origin in capitals', 'GET / HTTP/1.1\r\nHost: localhost\r\nORIGIN: http://evil.example'],
    ['Origin: null', 'GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: null'],
    [
      'two Origins, one allowed',
      `GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: ${APP}\r\nOrigin: http://evil.example`,
    ],
    ['a rebound Host', 'GET / HTTP/1.1\r\nHost: evil.example:8080'],
    ['HTTP/1.0 without Host', 'GET / HTTP/1.0'],
    [
      'an upgrade from a foreign page',
      'GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\nUpgrade: websocket',
    ],
  ])('refuses %s', async (_name, head) => {
    const answer = await exchange([request(head)]);
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(answer).not.toContain('UP ');
  });

  it('refuses a foreign request whose first bytes come one by one', async () => {
    const text = request(
      'POST / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\nContent-Length: 0',
    );
    const answer = await exchange([...text.slice(0, 20)].concat(text.slice(20)));
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(answer).not.toContain('UP ');
  });

  it.each([
    ['nothing', []],
    ['half the HTTP/2 preface', ['PRI * HTTP']],
  ])(
    'closes a connection that sends %s and waits',
    async (_name, chunks) => {
      // Resolves only when the guard closes it: held for ever, the test times out.
      expect(await exchange(chunks)).toBe('');
    },
    10_000,
  );
});
