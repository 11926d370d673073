/**
 * Which chunks of a build the running backend mode can never load. The app picks its adapter by
 * mode at run time (web/src/data/repositories.ts), so one build holds both: in local mode the
 * Firestore adapter's chunk (the Firestore SDK, ~158 KB gzip) is never requested, in Firebase mode
 * the local adapter's is not. The service worker must not precache them (web/build/service-worker.ts).
 */

/** The adapter module each mode loads (paths from the web folder), by `import()` in repositories.ts. */
export const ADAPTER_OF_MODE = {
  local: 'src/data/adapters/local.ts',
  firebase: 'src/data/adapters/firestore.ts',
} as const;
export type BuildMode = keyof typeof ADAPTER_OF_MODE;

/** The mode a build runs in, as web/src/data/config.ts reads it (same variable, same default). */
export function buildMode(env: Record<string, unknown>): BuildMode {
  const raw = env.VITE_BACKEND;
  const mode = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : 'local';
  if (mode !== 'local' && mode !== 'firebase')
    throw new Error(`VITE_BACKEND must be 'local' or 'firebase', not '${mode}'`);
  return mode;
}

/** What the bundle says of one JS chunk (a subset of Rolldown's OutputChunk). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  /** The module a dynamic import of this chunk names (the adapter, for the adapters' chunks). */
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

const normalized = (id: string) => id.split('\\').join('/');

/**
 * The chunks reachable from no entry except through a dynamic import of the other mode's adapter:
 * those the page of `mode` can never load. A chunk also imported any other way (code shared with
 * this mode) stays. Throws when the other adapter has no chunk of its own: it was renamed or is
 * imported statically, and the list would silently hold it again.
 */
export function chunksOutsideMode(
  chunks: readonly ChunkFacts[],
  mode: BuildMode,
  entries: readonly string[],
): string[] {
  const other = ADAPTER_OF_MODE[mode === 'local' ? 'firebase' : 'local'];
  const isOther = (chunk: ChunkFacts | undefined) =>
    chunk?.facadeModuleId != null && normalized(chunk.facadeModuleId).endsWith(`/${other}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  if (!chunks.some(isOther))
    throw new Error(`service worker: no chunk of its own for ${other}, the other mode's adapter`);
  const reached = new Set<string>();
  const queue = [...entries];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    const chunk = byName.get(name);
    if (!chunk) continue;
    queue.push(...chunk.imports);
    for (const target of chunk.dynamicImports) if (!isOther(byName.get(target))) queue.push(target);
  }
  return chunks.filter((chunk) => !reached.has(chunk.fileName)).map((chunk) => chunk.fileName);
}
