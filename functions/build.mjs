// Bundles the functions for deploy: only functions/ is uploaded, so @fit/shared (a workspace
// link) is inlined; firebase-functions and firebase-admin stay external (installed at deploy).
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);

export async function bundle(outfile = new URL('lib/index.js', here).pathname) {
  await build({
    entryPoints: [new URL('src/index.ts', here).pathname],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
    logLevel: 'warning',
    legalComments: 'none',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await bundle();
  console.log(`functions bundle: ${out}`);
}
