import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHUNKS, preloadSignedIn, SIGNED_IN_PAGES } from '../src/app/preload.ts';

const source = (file: string) => readFileSync(join(import.meta.dirname, '../src/app', file), 'utf8');

describe('preloading a signed-in page', () => {
  it('routes.tsx renders every signed-in chunk from CHUNKS, each page preloaded with its path', () => {
    const routes = source('routes.tsx');
    // The sign-in pages are the only chunks a signed-out visitor needs: not preloaded, so plain
    // lazy imports. Nor the progress cards: below the fold, they load once the dashboard has painted.
    const plain = [...routes.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
    expect(plain.every((s) => s?.startsWith('../features/auth/') || s?.includes('/progress/'))).toBe(true);
    const used = new Set([...routes.matchAll(/lazyFrom\(CHUNKS\.(\w+),/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(CHUNKS).sort());
    const preloaded = new Set([...Object.values(SIGNED_IN_PAGES).flat(), CHUNKS.guards, CHUNKS.layout]);
    expect(Object.values(CHUNKS).every((chunk) => preloaded.has(chunk))).toBe(true);
  });

  it('covers every signed-in path of the route table', () => {
    const paths = [...source('routes.tsx').matchAll(/path="([^"]+)"/g)].map((m) => m[1]);
    const signedIn = paths.filter((p) => !['/', '/login', '/signup', '/verify-email', '*'].includes(p ?? ''));
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(signedIn.sort());
  });

  // That each specifier resolves is tsc's check (a wrong path fails the type check).
  it('starts auth and the adapter on a signed-in path (a trailing slash too), nothing elsewhere', async () => {
    const start = vi.fn();
    expect(preloadSignedIn('/', start)).toBeNull();
    expect(preloadSignedIn('/login', start)).toBeNull();
    expect(preloadSignedIn('/users', start)).toBeNull();
    expect(start).not.toHaveBeenCalled();
    const loading = preloadSignedIn('/community/', start);
    expect(start).toHaveBeenCalledTimes(1);
    await loading;
    // Settled means loaded here: what the first render then draws without suspending.
    expect(CHUNKS.guards.loaded).toBeDefined();
    expect(CHUNKS.layout.loaded).toBeDefined();
    expect(CHUNKS.community.loaded).toBeDefined();
  });
});
