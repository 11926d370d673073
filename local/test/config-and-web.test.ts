/** Production settings are refused; the web app is served with SPA fallback, or a clear page. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { authHost, startTestServer, type TestServer } from './helpers.ts';

describe('configuration', () => {
  const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

  it('defaults to loopback, port 3000, the demo project and UTC', () => {
    const config = readConfig(base);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      projectId: 'demo-fittrack',
      communityTimeZone: 'UTC',
    });
  });

  it('refuses production settings unless explicitly overridden', () => {
    expect(() => readConfig({})).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(() => readConfig({ ...base, GCLOUD_PROJECT: 'fittrack-prod' })).toThrow(/not a demo- project/);
    expect(() => readConfig({ ...base, LOCAL_HOST: '0.0.0.0' })).toThrow(/not a loopback address/);
    expect(() => readConfig({ ...base, GOOGLE_APPLICATION_CREDENTIALS: '/key.json' })).toThrow(/credentials/);
    expect(readConfig({ ...base, LOCAL_HOST: '0.0.0.0', LOCAL_ALLOW_UNSAFE: '1' }).host).toBe('0.0.0.0');
    expect(() => readConfig({ LOCAL_ALLOW_UNSAFE: '1' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(() => readConfig({ ...base, COMMUNITY_TIME_ZONE: 'Mars/Olympus' })).toThrow(/IANA/);
    expect(() => readConfig({ ...base, LOCAL_PORT: 'eighty' })).toThrow(/LOCAL_PORT/);
  });
});

describe('web app serving', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    server = await startTestServer({}, { reactions: false });
    dist = join(server.dataDir, 'dist');
    expect(authHost()).toMatch(/^127\.0\.0\.1:\d+$/);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('says clearly when the web app is not built', async () => {
    const r = await fetch(`${server.url}/user`);
    expect(r.status).toBe(503);
    expect(await r.text()).toMatch(/not built/);
  });

  it('serves files, falls back to index.html for app routes, 404s missing assets', async () => {
    const web = await startTestServer({ LOCAL_WEB_DIST: dist }, { reactions: false });
    try {
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FitTrack</title>');
      writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
      const index = await fetch(`${web.url}/community`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('FitTrack');
      const js = await fetch(`${web.url}/assets/app.js`);
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      expect(js.headers.get('cache-control')).toMatch(/immutable/);
      expect((await fetch(`${web.url}/assets/missing.js`)).status).toBe(404);
      expect((await fetch(`${web.url}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(500);
      const traversal = await fetch(`${web.url}/%2e%2e/%2e%2e/etc/passwd`);
      expect(await traversal.text()).not.toMatch(/root:/);
    } finally {
      await web.dispose();
    }
  });

  it('answers a signed-in path with its own page (web/build/route-pages.ts), any other with index.html', async () => {
    const root = join(server.dataDir, 'dist-pages');
    const web = await startTestServer({ LOCAL_WEB_DIST: root }, { reactions: false });
    try {
      mkdirSync(root, { recursive: true });
      writeFileSync(join(root, 'index.html'), '<title>index</title>');
      writeFileSync(join(root, 'user.html'), '<title>user</title>');
      const page = async (path: string) => {
        const r = await fetch(`${web.url}${path}`);
        return [r.status, r.headers.get('cache-control'), await r.text()];
      };
      expect(await page('/user')).toEqual([200, 'no-cache', '<title>user</title>']);
      expect(await page('/user/')).toEqual([200, 'no-cache', '<title>user</title>']);
      expect(await page('/user/x')).toEqual([200, 'no-cache', '<title>index</title>']);
      expect(await page('/community')).toEqual([200, 'no-cache', '<title>index</title>']);
      expect(await page('/%2e%2e%2fuser')).not.toContain('<title>user</title>');
    } finally {
      await web.dispose();
    }
  });

  it('sends the pre-compressed variant the client accepts, with Vary, immutable assets and a revalidated index', async () => {
    const web = await startTestServer({ LOCAL_WEB_DIST: dist }, { reactions: false });
    try {
      const source = `export const app = ${JSON.stringify('x'.repeat(5000))};\n`;
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FitTrack</title>');
      writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>FitTrack</title>'));
      writeFileSync(join(dist, 'assets', 'big.js'), source);
      writeFileSync(join(dist, 'assets', 'big.js.br'), brotliCompressSync(source));
      writeFileSync(join(dist, 'assets', 'big.js.gz'), gzipSync(source));
      writeFileSync(join(dist, 'assets', 'plain.js'), 'console.log(2)');
      writeFileSync(join(dist, 'assets', 'pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

      const br = await raw(web.url, '/assets/big.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.body).toString()).toBe(source);
      expect(br.body.length).toBeLessThan(source.length / 10);

      const gz = await raw(web.url, '/assets/big.js', { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(source);
      const star = await raw(web.url, '/assets/big.js', { 'accept-encoding': '*, br;q=0' });
      expect(star.headers['content-encoding']).toBe('gzip');

      const identity = await raw(web.url, '/assets/big.js', {});
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('Accept-Encoding');
      expect(identity.body.toString()).toBe(source);
      const refused = await raw(web.url, '/assets/big.js', {
        'accept-encoding': 'identity, gzip;q=0, br;q=0',
      });
      expect(refused.headers['content-encoding']).toBeUndefined();

      // No variant on disk (a small file): the plain bytes, still marked as varying.
      const plain = await raw(web.url, '/assets/plain.js', { 'accept-encoding': 'br, gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe('console.log(2)');
      const png = await raw(web.url, '/assets/pic.png', { 'accept-encoding': 'br, gzip' });
      expect(png.headers.vary).toBeUndefined();

      // The app shell: never cached without asking, an unchanged one answered 304.
      const page = await raw(web.url, '/user', { 'accept-encoding': 'gzip' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.body).toString()).toContain('FitTrack');
      const etag = page.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await raw(web.url, '/community', { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      // A browser stores the 304's headers over the cached page's: they must be the page's own.
      expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
      expect(again.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(again.headers['content-type']).toMatch(/text\/html/);
      // The identity variant has its own tag: a gzip tag does not validate it.
      const other = await raw(web.url, '/community', { 'if-none-match': etag });
      expect(other.status).toBe(200);
      expect(other.body.toString()).toContain('FitTrack');
    } finally {
      await web.dispose();
    }
  });
});

/** A GET without fetch's automatic decompression: the bytes and headers as sent. */
function raw(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolvePromise, reject) => {
    const request = httpGet(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolvePromise({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}
