import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app reads its mode and Firebase settings from VITE_* variables (see src/data/config.ts);
// the default build is local mode, served by the local server on the same origin.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
