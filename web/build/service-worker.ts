/**
 * Builds the service worker (web/src/sw/sw.ts) into `dist/sw.js` as its own chunk, then, once the
 * whole build is on disk (public files included), writes the build's file list and version into
 * it: every file of dist except the worker itself and source maps. No dependency beyond Vite: the
 * list is read from what the build wrote, so nothing can be forgotten.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { ShellBuild } from '../src/sw/policy.ts';
import { heldEntry } from './boot-script.ts';
import { filesUnder } from './files.ts';

const WORKER_FILE = 'sw.js';
const PLACEHOLDER = /(["'`])__FIT_SW_BUILD__\1/g;
/** Not part of the shell: the worker itself, source maps. */
const SKIPPED = /(^sw\.js|\.map)$/;

/** The build's files as URL paths, their version, and the entry script index.html loads. */
export function describeBuild(outDir: string): ShellBuild {
  const files = filesUnder(outDir)
    .map((path) => `/${relative(outDir, path).split(sep).join('/')}`)
    .filter((path) => !SKIPPED.test(path.slice(1)))
    .sort();
  if (!files.includes('/index.html')) throw new Error(`service worker: ${outDir} has no index.html`);
  const hash = createHash('sha256');
  for (const path of files)
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(outDir, path)))
      .update('\0');
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  // The entry as the build leaves it: held for the boot script to start (boot-script.ts).
  const entry = heldEntry(html);
  if (!entry || !files.includes(entry))
    throw new Error('service worker: index.html names no entry script of the build');
  return { version: hash.digest('hex').slice(0, 16), entry, files };
}

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  let source = '';
  return {
    name: 'fit-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      source = resolve(config.root, 'src/sw/sw.ts');
    },
    buildStart() {
      // A chunk of its own, with a fixed name: a worker's URL must not change between builds.
      this.emitFile({ type: 'chunk', id: source, fileName: WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const chunk = bundle[WORKER_FILE];
      if (chunk?.type !== 'chunk') throw new Error('service worker: sw.js was not built');
      // Registered as a classic script (module workers are not everywhere yet): it must stand alone.
      if (chunk.imports.length > 0 || chunk.exports.length > 0)
        throw new Error(
          `service worker: sw.js shares code with the app (${chunk.imports.join(', ')}); no module of the app may import what sw.ts imports`,
        );
    },
    closeBundle(error?: Error) {
      const path = join(outDir, WORKER_FILE);
      // The build failed (Rolldown may not pass its error here): that error is the one to see.
      if (error || !existsSync(path)) return;
      const code = readFileSync(path, 'utf8');
      const build = describeBuild(outDir);
      let replaced = 0;
      const written = code.replace(PLACEHOLDER, () => {
        replaced++;
        return JSON.stringify(JSON.stringify(build));
      });
      if (replaced !== 1)
        throw new Error(`service worker: expected one build placeholder in sw.js, found ${replaced}`);
      writeFileSync(path, written);
    },
  };
}
