/**
 * The service worker precaches only what the build's backend mode can load (web/build/mode-chunks.ts):
 * local mode never fetches the Firestore adapter's chunk (the Firestore SDK), Firebase mode never the
 * local adapter's. The bundle graph below has the shape of a real build (index -> repositories'
 * dynamic imports of both adapters, the Functions SDK loaded by the Firestore adapter only, code
 * shared by the app and an adapter).
 */
import { describe, expect, it } from 'vitest';
import { buildMode, type ChunkFacts, chunksOutsideMode } from '../build/mode-chunks.ts';

const ROOT = '/repo/web/';
function chunk(fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts {
  return { fileName, isEntry: false, facadeModuleId: null, imports: [], dynamicImports: [], ...facts };
}
const graph: ChunkFacts[] = [
  chunk('assets/index.js', {
    isEntry: true,
    facadeModuleId: `${ROOT}index.html`,
    imports: ['assets/shared.js'],
    dynamicImports: ['assets/firestore.js', 'assets/local.js', 'assets/auth.js'],
  }),
  chunk('assets/shared.js'),
  chunk('assets/auth.js', {
    facadeModuleId: `${ROOT}src/data/adapters/firebase-auth.ts`,
    imports: ['assets/sdk-core.js'],
  }),
  chunk('assets/sdk-core.js'),
  chunk('assets/firestore.js', {
    facadeModuleId: `${ROOT}src/data/adapters/firestore.ts`,
    imports: ['assets/sdk-core.js', 'assets/shared.js'],
    dynamicImports: ['assets/functions.js'],
  }),
  chunk('assets/functions.js', { facadeModuleId: '/repo/node_modules/firebase/functions/dist/index.esm.js' }),
  chunk('assets/local.js', {
    facadeModuleId: `${ROOT}src/data/adapters/local.ts`,
    imports: ['assets/live-socket.js', 'assets/shared.js'],
  }),
  chunk('assets/live-socket.js'),
  chunk('sw.js', { isEntry: true, facadeModuleId: `${ROOT}src/sw/sw.ts` }),
];
const ENTRIES = ['assets/index.js'];

describe('chunks a backend mode never loads', () => {
  it('local mode: the Firestore adapter and what only it loads (the Functions SDK)', () => {
    expect(chunksOutsideMode(graph, 'local', ENTRIES).sort()).toEqual([
      'assets/firestore.js',
      'assets/functions.js',
      'sw.js',
    ]);
  });

  it('Firebase mode: the local adapter and its live socket', () => {
    expect(chunksOutsideMode(graph, 'firebase', ENTRIES).sort()).toEqual([
      'assets/live-socket.js',
      'assets/local.js',
      'sw.js',
    ]);
  });

  it('keeps a chunk the other adapter shares with code this mode runs (the auth SDK core)', () => {
    const left = chunksOutsideMode(graph, 'local', ENTRIES);
    expect(left).not.toContain('assets/sdk-core.js');
    expect(left).not.toContain('assets/shared.js');
    expect(left).not.toContain('assets/auth.js');
  });

  it('keeps the other adapter when something this mode loads imports it statically', () => {
    const statically = graph.map((c) =>
      c.fileName === 'assets/auth.js' ? { ...c, imports: [...c.imports, 'assets/firestore.js'] } : c,
    );
    const left = chunksOutsideMode(statically, 'local', ENTRIES);
    expect(left).not.toContain('assets/firestore.js');
    expect(left).not.toContain('assets/functions.js');
  });

  it('refuses a build where the other adapter has no chunk of its own (renamed, or bundled in)', () => {
    const merged = graph.filter((c) => c.fileName !== 'assets/firestore.js');
    expect(() => chunksOutsideMode(merged, 'local', ENTRIES)).toThrow(/src\/data\/adapters\/firestore\.ts/);
  });

  it('reads the mode as the app does: local by default, firebase, anything else refused', () => {
    expect(buildMode({})).toBe('local');
    expect(buildMode({ VITE_BACKEND: ' ' })).toBe('local');
    expect(buildMode({ VITE_BACKEND: 'firebase' })).toBe('firebase');
    expect(() => buildMode({ VITE_BACKEND: 'Firebase' })).toThrow(/VITE_BACKEND/);
  });
});
