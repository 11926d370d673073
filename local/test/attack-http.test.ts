/**
 * Attacks on the local server's paths and HTTP boundary (issue 8, items 1 and 2), over real HTTP
 * against the real server, SQLite and Auth emulator: each refused with a clear message, and
 * nothing written (read back from the store).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { paths } from '@fit/shared/model';
import type { WriteOp } from '@fit/shared/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ports.mjs';
import { BOOT_SCRIPT_CSP_SOURCE } from '../../web/build/boot-script.ts';
import {
  authHost,
  call,
  commit,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.ts';
import { clearStore, snapshotOf } from './store-helpers.ts';

let server: TestServer;
let alice: TestUser;

const PAGE =
  '<!doctype html><html><head><title>FitTrack</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  // A web build of one page, so the page headers are those of a real 200 page.
  const webDist = join(process.env.TMPDIR ?? '/tmp', `fittrack-attack-web-${process.pid}-${Date.now()}`);
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), PAGE);
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
  server = await startTestServer({ LOCAL_WEB_DIST: webDist }, { reactions: false });
  alice = await signUp('alice');
});

afterAll(async () => {
  await server?.dispose();
});

const run = () => ({ activityType: 'Running', time: 30, timestamp: Date.now(), calorieUnits: 24000 });

/** Nothing at all in the store: no document, no pending reaction. */
function expectNothingWritten(): void {
  expect(snapshotOf(server.store)).toEqual({});
  expect(server.store.deliveries.pending()).toBe(0);
}

async function refusedCommit(writes: WriteOp[], message: RegExp): Promise<void> {
  clearStore(server.store);
  const result = await commit(server.url, alice.idToken, writes);
  expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(400);
  expect(result.body.error?.code).toBe('invalid-argument');
  expect(result.body.error?.message).toMatch(message);
  expectNothingWritten();
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request with any headers (fetch forbids setting Host), through node:http. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  port = server.port,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const commitBody = (uid: string) =>
  JSON.stringify({ writes: [{ kind: 'set', path: paths.rep(uid, 'r1'), data: run() }] });

describe('ids and paths are refused as Firestore refuses them', () => {
  it('a lone surrogate in an id is refused and nothing is stored (it used to freeze account deletion)', async () => {
    await refusedCommit(
      [{ kind: 'set', path: paths.rep(alice.uid, 'x\ud800'), data: run() }],
      /unpaired UTF-16 surrogate/,
    );
    await refusedCommit(
      [{ kind: 'set', path: paths.rep(alice.uid, '\udc00tail'), data: run() }],
      /unpaired UTF-16 surrogate/,
    );
    // A well-formed pair (an emoji) is a valid id and reads back as the same path.
    clearStore(server.store);
    const emoji = paths.rep(alice.uid, 'run-\u{1f3c3}');
    expect(
      (await commit(server.url, alice.idToken, [{ kind: 'set', path: emoji, data: run() }])).status,
    ).toBe(200);
    expect(Object.keys(snapshotOf(server.store))).toEqual([emoji]);
  });

  it('a user who tried a lone-surrogate id can still delete the account, promptly', async () => {
    const mallory = await signUp('mallory');
    clearStore(server.store);
    await commit(server.url, mallory.idToken, [
      { kind: 'set', path: paths.rep(mallory.uid, 'x\ud800'), data: run() },
    ]);
    await commit(server.url, mallory.idToken, [
      { kind: 'set', path: paths.rep(mallory.uid, 'ok'), data: run() },
    ]);
    const started = Date.now();
    const deleted = await call(server.url, '/api/deleteAccount', {}, mallory.idToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      Object.keys(snapshotOf(server.store)).filter(
        (p) => p.includes(mallory.uid) && !p.startsWith('tombstones/'),
      ),
    ).toEqual([]);
  });

  it('ids over 1,500 bytes of UTF-8 are refused; 1,500 bytes are accepted', async () => {
    // 751 x 'é' = 751 UTF-16 units but 1,502 UTF-8 bytes: the limit is in bytes.
    await refusedCommit(
      [{ kind: 'set', path: paths.rep(alice.uid, 'é'.repeat(751)), data: run() }],
      /1502 bytes/,
    );
    clearStore(server.store);
    const longest = paths.rep(alice.uid, 'é'.repeat(750));
    expect(
      (await commit(server.url, alice.idToken, [{ kind: 'set', path: longest, data: run() }])).status,
    ).toBe(200);
    expect(Object.keys(snapshotOf(server.store))).toEqual([longest]);
  });

  it('., .., __reserved__ ids, empty segments and a path over 6 KiB are refused', async () => {
    await refusedCommit(
      [{ kind: 'set', path: paths.rep(alice.uid, '.'), data: run() }],
      /'\.' is not allowed/,
    );
    await refusedCommit(
      [{ kind: 'set', path: paths.rep(alice.uid, '..'), data: run() }],
      /'\.\.' is not allowed/,
    );
    await refusedCommit([{ kind: 'set', path: paths.rep(alice.uid, '__x__'), data: run() }], /reserved/);
    await refusedCommit([{ kind: 'set', path: `users/${alice.uid}/reps//r`, data: run() }], /empty/);
    await refusedCommit([{ kind: 'set', path: `/users/${alice.uid}/reps/r`, data: run() }], /empty/);
    const deep = `users/${alice.uid}/${Array.from({ length: 6 }, (_, i) => `${i}${'a'.repeat(1400)}`).join('/')}`;
    await refusedCommit([{ kind: 'set', path: deep, data: run() }], /at most 6144/);
    // A valid write in the same batch is not stored either.
    await refusedCommit(
      [
        { kind: 'set', path: paths.rep(alice.uid, 'fine'), data: run() },
        { kind: 'delete', path: paths.rep(alice.uid, '__y__') },
      ],
      /reserved/,
    );
  });

  // The live socket refuses the same paths per listener: live.test.ts.
  it('get, query, aggregate and cursors refuse bad paths with a plain error', async () => {
    clearStore(server.store);
    const bad = paths.rep(alice.uid, 'x\ud800');
    const cases: [string, unknown, RegExp][] = [
      ['/api/get', { path: bad }, /surrogate/],
      ['/api/get', { path: paths.rep(alice.uid, '__x__') }, /reserved/],
      ['/api/query', { query: { collection: `users/${alice.uid}/__x__` } }, /reserved/],
      ['/api/query', { query: { collection: 'r\ud800eps', group: true } }, /surrogate/],
      [
        '/api/query',
        {
          query: {
            collection: paths.reps(alice.uid),
            orderBy: [{ field: 'timestamp', direction: 'asc' }],
            startAfter: { values: [1], path: bad },
          },
        },
        /cursor.*surrogate/,
      ],
      ['/api/aggregate', { query: { collection: `users/${alice.uid}/..` }, aggregate: {} }, /not allowed/],
    ];
    for (const [route, body, message] of cases) {
      const result = await call(server.url, route, body, alice.idToken);
      expect(result.status, `${route} ${JSON.stringify(result.body)}`).toBe(400);
      expect(result.body.error?.code).toBe('invalid-argument');
      expect(result.body.error?.message).toMatch(message);
    }
    expectNothingWritten();
  });
});

describe('the HTTP boundary', () => {
  const json = { 'Content-Type': 'application/json' };

  it('answers only its own Host (DNS rebinding), and writes nothing for another', async () => {
    clearStore(server.store);
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      '127.0.0.1:1',
      `127.0.0.2:${server.port}`,
    ]) {
      const answer = await raw(
        'POST',
        '/api/commit',
        { ...json, Host: host, Authorization: `Bearer ${alice.idToken}` },
        commitBody(alice.uid),
      );
      expect(answer.status, host).toBe(421);
      expect(JSON.parse(answer.text).error.message).toMatch(
        /only as http:\/\/127\.0\.0\.1:\d+.*DNS rebinding/,
      );
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    // No Host at all (HTTP/1.0 over a raw socket).
    const bare = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.end('GET /api/health HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(bare).toMatch(/^HTTP\/1\.[01] 421/);
    const page = await raw('GET', '/', { Host: `rebound.example:${server.port}` });
    expect(page.status).toBe(421);
    expect(page.text).not.toContain('FitTrack</title>');
    expectNothingWritten();
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`]) {
      const ok = await raw('GET', '/api/health', { Host: host });
      expect(ok.status, host).toBe(200);
    }
  });

  it('refuses API calls from another origin, and writes nothing', async () => {
    clearStore(server.store);
    const cases: [Record<string, string>, RegExp][] = [
      [{ Origin: 'http://evil.example' }, /Origin 'http:\/\/evil\.example' is not this server/],
      [{ Origin: 'null' }, /Origin 'null'/],
      [{ Origin: `http://localhost:${server.port}` }, /is not this server/], // another origin than the page's Host
      [{ Origin: `http://127.0.0.1:${server.port + 1}` }, /is not this server/],
      [{ 'Sec-Fetch-Site': 'cross-site' }, /Sec-Fetch-Site: cross-site/],
      [{ 'Sec-Fetch-Site': 'same-site' }, /Sec-Fetch-Site: same-site/],
    ];
    for (const [headers, message] of cases) {
      const result = await call(server.url, '/api/commit', JSON.parse(commitBody(alice.uid)), alice.idToken, {
        headers,
      });
      expect(result.status, JSON.stringify(headers)).toBe(403);
      expect(result.body.error?.code).toBe('permission-denied');
      expect(result.body.error?.message).toMatch(message);
      expectNothingWritten();
    }
    // Reads are refused as well (a foreign page must not read the user's documents).
    const read = await call(server.url, '/api/get', { path: paths.user(alice.uid) }, alice.idToken, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(read.status).toBe(403);
    // The page's own origin passes, as does a request without Origin (tools, curl).
    const own = await call(server.url, '/api/commit', JSON.parse(commitBody(alice.uid)), alice.idToken, {
      headers: { Origin: `http://127.0.0.1:${server.port}`, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(Object.keys(snapshotOf(server.store))).toEqual([paths.rep(alice.uid, 'r1')]);
    // Health stays readable from anywhere (it says nothing about anyone).
    const health = await fetch(`${server.url}/api/health`, { headers: { Origin: 'http://evil.example' } });
    expect(health.status).toBe(200);
  });

  it('pages carry a CSP that forbids framing; every answer is nosniff with a referrer policy', async () => {
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`connect-src 'self' http://${authHost()}`);
    // Inline script: index.html's boot script alone, by its hash (never 'unsafe-inline').
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE} https://apis.google.com`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const answers = [
      page,
      await fetch(`${server.url}/assets/app.js`),
      await fetch(`${server.url}/assets/missing.js`),
      await fetch(`${server.url}/api/health`),
      await fetch(`${server.url}/api/nope`, { method: 'POST' }),
      await fetch(`${server.url}/api/get`, { method: 'POST', body: '{}' }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), answer.url).toBe('no-referrer');
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a 60 MB chunked body while it streams, without reading it all', async () => {
    clearStore(server.store);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const total = 60 * 1024 * 1024;
    const answer = await new Promise<{ status: number; text: string; sentBeforeAnswer: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/api/commit',
            headers: { ...json, 'Transfer-Encoding': 'chunked', Authorization: `Bearer ${alice.idToken}` },
          },
          (res) => {
            answered = true;
            const sentBeforeAnswer = sent;
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => {
              text += c;
            });
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, text, sentBeforeAnswer });
            });
          },
        );
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        req.write('{"writes": [{"kind": "set", "path": "x/y", "data": {"s": "');
        const pump = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          if (!answered) req.end('"}}]}');
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toMatch(/exceeds 11534336 bytes/);
    // Answered once past the limit, long before the 60 MB were sent.
    expect(answer.sentBeforeAnswer).toBeLessThan(30 * 1024 * 1024);
    expectNothingWritten();
    // A declared Content-Length over the limit is refused before any byte is read.
    const declared = await raw('POST', '/api/commit', {
      ...json,
      'Content-Length': String(60 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    // The server still answers.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('refuses deeply nested JSON with a 400, not a stack overflow', async () => {
    clearStore(server.store);
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const bodies = [
      `{"writes": [{"kind": "set", "path": "${paths.rep(alice.uid, 'deep')}", "data": {"a": ${nested}}}]}`,
      `{"writes": [{"kind": "set", "path": "${paths.rep(alice.uid, 'deep')}", "data": ${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}]}`,
    ];
    for (const body of bodies) {
      const result = await call(server.url, '/api/commit', null, alice.idToken, { raw: body });
      expect(result.status).toBe(400);
      expect(result.body.error?.code).toBe('invalid-argument');
      expect(result.body.error?.message).toMatch(/nests arrays and objects more than 64 levels/);
    }
    const query = await call(server.url, '/api/query', null, alice.idToken, {
      raw: `{"query": {"collection": "feedPosts", "where": [{"field": "a", "op": "==", "value": ${nested}}]}}`,
    });
    expect(query.status).toBe(400);
    expect(query.body.error?.message).toMatch(/64 levels/);
    // Brackets inside strings are text, not nesting.
    clearStore(server.store);
    const textual = await commit(server.url, alice.idToken, [
      {
        kind: 'set',
        path: paths.post(alice.uid, 'p'),
        data: { message: `${'[{'.repeat(100)} "quoted \\" [`, timestamp: Date.now() },
      },
    ]);
    expect(textual.status, JSON.stringify(textual.body)).toBe(200);
    clearStore(server.store);
    expectNothingWritten();
  });
});

describe('failures', () => {
  it('a 500 says "Internal error." and keeps the details in the server log', async () => {
    const broken = await startTestServer({}, { reactions: false });
    try {
      const user = await signUp('broken');
      broken.store.close(); // every read now throws inside SQLite
      const result = await call(broken.url, '/api/get', { path: paths.user(user.uid) }, user.idToken);
      expect(result.status).toBe(500);
      expect(result.body.error).toEqual({ code: 'internal', message: 'Internal error.' });
    } finally {
      await broken.dispose().catch(() => {});
    }
  });

  it('/api/health is ok with the Auth emulator, 503 when it does not answer', async () => {
    const ok = await fetch(`${server.url}/api/health`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, auth: 'ok' });
    const deadPort = await freePort();
    const orphan = await startTestServer(
      { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${deadPort}` },
      { reactions: false },
    );
    try {
      const down = await fetch(`${orphan.url}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ok: false, auth: 'unreachable' });
    } finally {
      await orphan.dispose();
      // firebase-admin reads the emulator host from the environment: give it back to the others.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost();
    }
  });
});
