// Bundles the functions for deploy into functions/lib: index.js (esbuild; @fit/shared, a workspace
// link that does not exist on npm, is inlined) and a package.json that lists only what the bundle
// imports (firebase-functions, firebase-admin, installed by Cloud Build at deploy). firebase.json
// deploys functions/lib, so no workspace dependency reaches the deploy.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const EXTERNAL = ['firebase-functions', 'firebase-admin'];

export async function bundle(outdir = new URL('lib/', here).pathname) {
  await build({
    entryPoints: [new URL('src/index.ts', here).pathname],
    outfile: `${outdir}index.js`,
    bundle: true,
    platform: 'node',
    // Deployed on Node.js 22; the emulator may run it on the host's Node 20, so no syntax newer.
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: EXTERNAL.flatMap((p) => [p, `${p}/*`]),
    logLevel: 'warning',
    legalComments: 'none',
  });
  const pkg = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));
  const deployPkg = {
    name: 'fittrack-functions',
    private: true,
    type: 'module',
    main: 'index.js',
    engines: pkg.engines,
    dependencies: Object.fromEntries(EXTERNAL.map((p) => [p, pkg.dependencies[p]])),
  };
  writeFileSync(`${outdir}package.json`, `${JSON.stringify(deployPkg, null, 2)}\n`);
  // Deploy-time settings (FIT_REGION, COMMUNITY_TIME_ZONE, FIT_MAX_INSTANCES) live in
  // functions/.env[.<project>]; Firebase reads them from the deployed folder.
  for (const name of readdirSync(here)) {
    if (name === '.env' || (name.startsWith('.env.') && name !== '.env.example'))
      copyFileSync(new URL(name, here), `${outdir}${name}`);
  }
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await bundle();
  console.log(`functions bundle: ${out}index.js (+ package.json for deploy)`);
}
