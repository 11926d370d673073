import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { preloadSignedIn, SIGNED_IN_PAGES } from '../src/app/preload.ts';

const source = (file: string) => readFileSync(join(import.meta.dirname, '../src/app', file), 'utf8');
const specifiers = (text: string) => [...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);

describe('preloading a signed-in page', () => {
  it('requests every chunk routes.tsx loads lazily for the signed-in area', () => {
    // The sign-in pages are the only lazy chunks a signed-out visitor needs: not preloaded. Nor
    // the progress cards: below the fold, they load once the dashboard has painted. The
    // display-name prompt's gate is (its form is a chunk of its own, loaded when shown).
    const signedIn = specifiers(source('routes.tsx')).filter(
      (s) => !s?.startsWith('../features/auth/') && !s?.includes('/progress/'),
    );
    const preloaded = specifiers(source('preload.ts'));
    expect(signedIn.length).toBeGreaterThan(4);
    expect(preloaded.sort()).toEqual([...new Set(signedIn)].sort());
  });

  it('covers every signed-in path of the route table', () => {
    const paths = [...source('routes.tsx').matchAll(/path="([^"]+)"/g)].map((m) => m[1]);
    const signedIn = paths.filter((p) => !['/', '/login', '/signup', '/verify-email', '*'].includes(p ?? ''));
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(signedIn.sort());
  });

  // That each specifier resolves is tsc's check (a wrong path fails the type check); importing the
  // page chunks here failed inside vitest's module runner under the full suite ("getStatus").
  it('starts auth and the adapter on a signed-in path (a trailing slash too), nothing elsewhere', () => {
    const start = vi.fn();
    expect(preloadSignedIn('/', start)).toBe(false);
    expect(preloadSignedIn('/login', start)).toBe(false);
    expect(preloadSignedIn('/users', start)).toBe(false);
    expect(start).not.toHaveBeenCalled();
    expect(preloadSignedIn('/community/', start)).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
