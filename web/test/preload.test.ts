import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  SIGN_IN_ROUTE_MODULES,
  SIGNED_IN_ROUTE_MODULES,
  staticClosure,
  withPreloads,
} from '../build/route-pages.ts';
import { CHUNKS, preloadPage, SIGN_IN_PAGES, SIGNED_IN_PAGES } from '../src/app/preload.ts';

const source = (file: string) => readFileSync(join(import.meta.dirname, '../src/app', file), 'utf8');

describe('preloading a signed-in page', () => {
  it('routes.tsx renders every signed-in chunk from CHUNKS, each page preloaded with its path', () => {
    const routes = source('routes.tsx');
    // Plain lazy imports: the verify page (reached from the sign-up flow, not opened by a link),
    // and the progress cards (below the fold) and the display-name prompt's gate (it waits for the
    // profile), which load once the dashboard has painted.
    const plain = [...routes.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
    const afterPaint = ['/progress/', '/onboarding/'];
    expect(
      plain.every((s) => s?.startsWith('../features/auth/') || afterPaint.some((part) => s?.includes(part))),
    ).toBe(true);
    const used = new Set([...routes.matchAll(/lazyFrom\(CHUNKS\.(\w+),/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(CHUNKS).sort());
    const preloaded = new Set([
      ...Object.values(SIGNED_IN_PAGES).flat(),
      ...Object.values(SIGN_IN_PAGES).flat(),
      CHUNKS.guards,
      CHUNKS.layout,
    ]);
    expect(Object.values(CHUNKS).every((chunk) => preloaded.has(chunk))).toBe(true);
  });

  it("names, per path, the modules whose chunks the build's page for that path preloads", () => {
    // CHUNKS' specifiers (relative to src/app) and each path's chunks, read from preload.ts.
    const text = source('preload.ts');
    const specifier = new Map(
      [...text.matchAll(/(\w+): chunk\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [
        m[1],
        posix.join('src/app', m[2] ?? ''),
      ]),
    );
    expect(specifier.size).toBe(Object.keys(CHUNKS).length);
    const frame = [specifier.get('guards'), specifier.get('layout')];
    // A signed-in page draws in the frame; a sign-in page is its own chunk alone.
    for (const [pages, modules, drawnIn] of [
      [SIGNED_IN_PAGES, SIGNED_IN_ROUTE_MODULES, frame],
      [SIGN_IN_PAGES, SIGN_IN_ROUTE_MODULES, []],
    ] as const) {
      for (const path of Object.keys(pages)) {
        const line = new RegExp(`'${path}': \\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
        const page = [...line.matchAll(/CHUNKS\.(\w+)/g)].map((m) => specifier.get(m[1] ?? ''));
        expect(page.length, path).toBe(pages[path]?.length);
        expect([...(modules[path.slice(1)] ?? [])].sort(), path).toEqual([...drawnIn, ...page].sort());
      }
      expect(Object.keys(modules).map((page) => `/${page}`)).toEqual(Object.keys(pages));
    }
  });

  it('covers every signed-in path of the route table', () => {
    const paths = [...source('routes.tsx').matchAll(/path="([^"]+)"/g)].map((m) => m[1]);
    const signedIn = paths.filter(
      (p) =>
        !['/', '/login', '/signup', '/verify-email', '/forgot-password', '/reset-password', '*'].includes(
          p ?? '',
        ),
    );
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(signedIn.sort());
  });

  // That each specifier resolves is tsc's check (a wrong path fails the type check).
  it('starts auth and the adapter on a signed-in path (a trailing slash too), nothing elsewhere', async () => {
    const start = vi.fn();
    expect(preloadPage('/', start)).toBeNull();
    expect(preloadPage('/users', start)).toBeNull();
    expect(preloadPage('/verify-email', start)).toBeNull();
    // A sign-in page: its chunk only, nothing started (it starts auth as it mounts).
    const login = preloadPage('/login/', start);
    expect(login).not.toBeNull();
    await login;
    expect(CHUNKS.login.loaded).toBeDefined();
    expect(CHUNKS.signup.loaded).toBeUndefined();
    expect(start).not.toHaveBeenCalled();
    const loading = preloadPage('/community/', start);
    expect(start).toHaveBeenCalledTimes(1);
    await loading;
    // Settled means loaded here: what the first render then draws without suspending.
    expect(CHUNKS.guards.loaded).toBeDefined();
    expect(CHUNKS.layout.loaded).toBeDefined();
    expect(CHUNKS.community.loaded).toBeDefined();
  });
});

describe("a signed-in path's own page (web/build/route-pages.ts)", () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    facadeModuleId,
    imports,
  });
  const chunks = [
    chunk('assets/index.js', '/w/src/main.tsx', ['assets/react.js']),
    chunk('assets/react.js', null),
    chunk('assets/page.js', '/w/src/Page.tsx', ['assets/react.js', 'assets/shared.js']),
    chunk('assets/shared.js', null, ['assets/page.js']), // a cycle ends
    chunk('assets/other.js', '/w/src/Other.tsx'),
  ];

  it("preloads the page's chunks and their static imports, not what index.html names already", () => {
    const files = staticClosure(chunks, ['/w/src/Page.tsx']);
    expect(files).toEqual(['assets/page.js', 'assets/react.js', 'assets/shared.js']);
    const index =
      '<head><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/react.js"></head>';
    const page = withPreloads(index, files);
    expect(page.match(/modulepreload/g)).toHaveLength(3);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/page.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/shared.js">');
    expect(page.indexOf('/assets/shared.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('fails the build for a module without a chunk (a renamed page)', () => {
    expect(() => staticClosure(chunks, ['/w/src/Gone.tsx'])).toThrow(/no chunk for \/w\/src\/Gone.tsx/);
  });
});
