/**
 * The installable app as local mode serves it: the service worker revalidated on every load with
 * the whole origin as its scope and a CSP that lets it fetch this server only, the manifest with
 * its type. (The browser journeys in e2e/tests/pwa.test.ts install and use them.)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

describe('service worker and manifest serving', () => {
  let web: TestServer;
  let dist: string;

  beforeAll(async () => {
    const probe = await startTestServer({}, { reactions: false });
    dist = join(probe.dataDir, '..', `${probe.dataDir.split(/[\\/]/).at(-1)}-dist`);
    await probe.dispose();
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><title>FitTrack</title></html>');
    writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(400)}`);
    writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(
      join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'FitTrack', start_url: '/user' }),
    );
    web = await startTestServer({ LOCAL_WEB_DIST: dist }, { reactions: false });
  });
  afterAll(async () => {
    await web?.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves /sw.js revalidated on every load, scoped to the whole origin, allowed to fetch this server only', async () => {
    const r = await fetch(`${web.url}/sw.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('service-worker-allowed')).toBe('/');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(await r.text()).toContain("addEventListener('fetch'");

    // Revalidation answers 304 with the same headers (a browser stores a 304's headers over its copy).
    const again = await fetch(`${web.url}/sw.js`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': r.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('content-security-policy')).toContain("connect-src 'self'");
  });

  it('gives no other answer the worker CSP or the scope header', async () => {
    for (const path of [
      '/assets/app-abc.js',
      '/manifest.webmanifest',
      '/api/health',
      '/sw.js.map',
      '/nested/sw.js',
    ]) {
      const r = await fetch(`${web.url}${path}`);
      expect(r.headers.get('content-security-policy') ?? '', path).not.toContain('connect-src');
      expect(r.headers.get('service-worker-allowed'), path).toBeNull();
    }
  });

  it('serves the manifest with its type, revalidated', async () => {
    const r = await fetch(`${web.url}/manifest.webmanifest`);
    expect(r.headers.get('content-type')).toBe('application/manifest+json');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(await r.json()).toMatchObject({ name: 'FitTrack' });
  });
});
