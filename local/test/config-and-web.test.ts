/** Production settings are refused; the web app is served with SPA fallback, or a clear page. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
});
