import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootScript, deferredEntry } from './build/boot-script.ts';
import { filesUnder } from './build/files.ts';
import { routePages } from './build/route-pages.ts';
import { serviceWorker } from './build/service-worker.ts';
import { themeVars } from './build/theme-vars.ts';
import { COMPRESSIBLE } from './compressible.ts';

/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 256;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip -9) beside each text file of the build, once, so
 * the local server (local/src/web.ts) sends them by Accept-Encoding without compressing per request.
 * Firebase Hosting compresses on its own: the extra files are harmless there.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: statSync(path).size,
          },
        });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

// The app reads its mode and Firebase settings from VITE_* variables (see src/data/config.ts);
// the default build is local mode, served by the local server on the same origin.
export default defineConfig({
  // The service worker is written before precompress runs, so its final text is what gets compressed.
  plugins: [
    react(),
    bootScript(),
    deferredEntry(),
    themeVars(),
    routePages(),
    serviceWorker(),
    precompress(),
  ],
  resolve: {
    alias: [
      // React Router's package exports name only its development build, the same code with its
      // development warnings switched on; the production build beside it leaves them out.
      {
        find: /^react-router$/,
        replacement: join(
          dirname(createRequire(import.meta.url).resolve('react-router')),
          '..',
          'production',
          'index.mjs',
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
