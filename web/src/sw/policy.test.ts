import { describe, expect, it } from 'vitest';
import {
  ACTIVATED,
  CACHE_PREFIX,
  cacheName,
  fetchModeFor,
  handlingOf,
  markOfflineShell,
  OFFLINE_SHELL_ATTRIBUTE,
  staleCaches,
} from './policy.ts';
import { ACTIVATED_MESSAGE, OFFLINE_SHELL } from './register.ts';

const ORIGIN = 'https://fit.example';
const precached = new Set([
  '/index.html',
  '/assets/index-abc.js',
  '/icons/icon-192.png',
  '/manifest.webmanifest',
]);
const get = (path: string, mode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('what the service worker does with a request', () => {
  it('answers pages of the app with the shell (network first), whatever the route', () => {
    for (const path of [
      '/',
      '/user',
      '/community',
      '/account',
      '/login?next=%2Fuser',
      '/no/such/route',
      '/index.html',
    ])
      expect(handlingOf(get(path, 'navigate'), ORIGIN, precached), path).toBe('shell');
  });

  it("never touches Firebase Hosting's reserved paths, page or not", () => {
    const paths = ['/__/auth/handler', '/__/firebase/init.json', '/__'];
    for (const path of paths)
      for (const mode of ['navigate', 'cors', 'same-origin', 'no-cors'])
        expect(handlingOf(get(path, mode), ORIGIN, precached), `${mode} ${path}`).toBe('network');
  });

  it('leaves writes and other origins alone (Auth, Firestore, Functions and their emulators, Google sign-in)', () => {
    expect(handlingOf({ ...get('/assets/index-abc.js'), method: 'POST' }, ORIGIN, precached)).toBe('network');
    expect(handlingOf({ ...get('/user', 'navigate'), method: 'POST' }, ORIGIN, precached)).toBe('network');
    for (const url of [
      'https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel',
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x',
      'https://securetoken.googleapis.com/v1/token',
      'https://us-central1-fittrack.cloudfunctions.net/deleteAccount',
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=x',
      'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=x',
      'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel',
      'http://127.0.0.1:5001/demo-fittrack/us-central1/deleteAccount',
      'https://apis.google.com/js/api.js',
      'https://fit.example.evil.test/assets/index-abc.js',
      'http://fit.example/assets/index-abc.js',
    ])
      expect(handlingOf({ url, method: 'GET', mode: 'cors' }, ORIGIN, precached), url).toBe('network');
  });

  it('serves only the exact files of the build from the cache', () => {
    expect(handlingOf(get('/assets/index-abc.js'), ORIGIN, precached)).toBe('precached');
    expect(handlingOf(get('/icons/icon-192.png', 'no-cors'), ORIGIN, precached)).toBe('precached');
    expect(handlingOf(get('/manifest.webmanifest'), ORIGIN, precached)).toBe('precached');
    // A hashed asset of another build: looked up in the kept caches (a previous build's), then the network.
    expect(handlingOf(get('/assets/index-old.js'), ORIGIN, precached)).toBe('precached');
    // Another resource under the same name, or an unhashed file not of this build: the network.
    expect(handlingOf(get('/assets/index-abc.js?v=2'), ORIGIN, precached)).toBe('network');
    expect(handlingOf(get('/icons/old-icon.png'), ORIGIN, precached)).toBe('network');
    expect(handlingOf(get('/sw.js'), ORIGIN, precached)).toBe('network');
    // A navigation to a file (opened in a tab) is the file, never the app shell.
    expect(handlingOf(get('/manifest.webmanifest', 'navigate'), ORIGIN, precached)).toBe('network');
    expect(handlingOf(get('/sw.js', 'navigate'), ORIGIN, precached)).toBe('network');
  });

  it('survives a malformed URL without throwing', () => {
    expect(handlingOf({ url: 'not a url', method: 'GET', mode: 'navigate' }, ORIGIN, precached)).toBe(
      'network',
    );
  });
});

describe('shell caches across deploys', () => {
  it('keeps the current build and the previous one, deletes older ones and nothing else', () => {
    const names = ['other-cache', cacheName('v1'), cacheName('v2'), cacheName('v3'), cacheName('v4')];
    expect(staleCaches(names, cacheName('v4'))).toEqual([cacheName('v1'), cacheName('v2')]);
    expect(staleCaches([cacheName('v1')], cacheName('v2'))).toEqual([]);
    expect(staleCaches([cacheName('v1'), cacheName('v2')], cacheName('v2'))).toEqual([]);
    // The current one is never deleted, wherever it stands.
    expect(staleCaches([cacheName('v2'), cacheName('v1'), cacheName('v0')], cacheName('v2'))).toEqual([
      cacheName('v1'),
    ]);
    expect(cacheName('abc').startsWith(CACHE_PREFIX)).toBe(true);
  });

  it('refetches unhashed files past the HTTP cache, hashed assets from it', () => {
    expect(fetchModeFor('/index.html')).toBe('no-cache');
    expect(fetchModeFor('/manifest.webmanifest')).toBe('no-cache');
    expect(fetchModeFor('/assets/index-abc.js')).toBe('default');
  });

  it('page and worker agree on the activation message and the offline mark', () => {
    expect(ACTIVATED_MESSAGE).toBe(ACTIVATED);
    expect(OFFLINE_SHELL).toBe(OFFLINE_SHELL_ATTRIBUTE);
  });

  it('marks the cached page as served offline, once, on its <html> element', () => {
    const html = '<!doctype html>\n<html lang="en">\n  <head><meta name="x" content="<html>"></head>';
    const marked = markOfflineShell(html);
    expect(marked).toBe(
      '<!doctype html>\n<html data-offline-shell lang="en">\n  <head><meta name="x" content="<html>"></head>',
    );
    const doc = new DOMParser().parseFromString(marked, 'text/html');
    expect(doc.documentElement.hasAttribute(OFFLINE_SHELL_ATTRIBUTE)).toBe(true);
    expect(doc.documentElement.lang).toBe('en');
    expect(markOfflineShell('<HTML>')).toBe('<HTML data-offline-shell>');
  });
});
