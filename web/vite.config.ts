import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * MUI's script that names the colour scheme on <html> before the first paint (its defaults are the
 * theme's attribute and storage key: web/src/app/theme/index.ts). Inline, so firebase.json's CSP allows it
 * by its hash (web/test/color-scheme-script.test.ts says what to write when it changes).
 */
export const COLOR_SCHEME_SCRIPT = renderToStaticMarkup(createElement(InitColorSchemeScript));

const ROUTER_BUILD = join(
  dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
);

const initColorScheme: Plugin = {
  name: 'fit-init-color-scheme',
  transformIndexHtml: (html) => html.replace('<!-- init-color-scheme -->', COLOR_SCHEME_SCRIPT),
};

// The app reads its Firebase settings and emulator hosts from VITE_* variables (src/data/config.ts).
export default defineConfig({
  plugins: [
    react(),
    // The React Compiler memoizes components and hooks: a live update re-renders only what changed
    // (a cold /community drew 14,500 components before, 2,900 with it).
    babel({ include: /\/web\/src\/.*\.tsx?$/, presets: [reactCompilerPreset()] }),
    initColorScheme,
    // The offline app shell: every file of the build precached, pages answered with index.html.
    // Nothing else is cached (no runtime caching), so no Auth, Firestore or Functions answer is
    // ever kept. A new version waits until the person reloads (registerSW in src/main.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Hosting's reserved paths (the Google sign-in handler) are the server's, never the app's.
        navigateFallbackDenylist: [/^\/__\//],
        // The first install controls the open page at once, so it works offline without a reload.
        clientsClaim: true,
      },
    }),
  ],
  resolve: {
    // React Router's package exports name only its development build, the same code with its
    // development warnings switched on; the production build beside it leaves them out. Both entries
    // (RouterProvider comes from `react-router/dom`), or the two builds' contexts would not meet.
    alias: [
      { find: /^react-router$/, replacement: join(ROUTER_BUILD, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(ROUTER_BUILD, 'dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
