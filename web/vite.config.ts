import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootScript, deferredEntry } from './build/boot-script.ts';
import { routePages } from './build/route-pages.ts';
import { serviceWorker } from './build/service-worker.ts';
import { themeVars } from './build/theme-vars.ts';

// The app reads its Firebase settings and emulator hosts from VITE_* variables (src/data/config.ts).
export default defineConfig({
  plugins: [react(), bootScript(), deferredEntry(), themeVars(), routePages(), serviceWorker()],
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
