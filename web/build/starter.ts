/**
 * The starter: the page's only script tag (index.html and the route pages), a few lines that let
 * the browser paint index.html's loading shell and then import the app's entry, which the page
 * preloads beside it meanwhile (its tag becomes a `modulepreload` link).
 *
 * Why: the entry's module graph is preloaded (build/route-pages.ts), so on a fast network or from
 * the offline cache all of it is there as the page is parsed. The browser then evaluated it and
 * rendered the app before its first frame: the shell, made to show at once, did not show, and the
 * page stayed blank for that work (first paint at 1.2 to 2.2 s in most of Lighthouse's runs here,
 * 0.2 s in the others). Waiting for one frame costs about one frame.
 *
 * Build only: the dev server loads src/main.tsx as index.html says.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Runs `task` once the browser has painted a frame: a timer set from an animation frame callback
 * fires after that frame's paint. A hidden tab paints no frames (nor runs animation frames): there
 * `task` runs at once, or as soon as the tab is hidden while waiting. Never later than `limitMs`:
 * a visible page whose frames are held back (seen here: Chromium under Lighthouse, now and then,
 * drew its first frame only after 1.2 s) starts the app rather than wait for them.
 *
 * Written into the starter as its source text: it must use nothing from outside itself.
 */
export function afterNextPaint(task: () => void, win: Window = window, limitMs = 300): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    win.document.removeEventListener('visibilitychange', onVisibility);
    task();
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') run();
  };
  if (win.document.visibilityState === 'hidden') {
    run();
    return;
  }
  win.document.addEventListener('visibilitychange', onVisibility);
  win.requestAnimationFrame(() => win.setTimeout(run, 0));
  win.setTimeout(run, limitMs);
}

/** The mark the starter sets as it imports the entry (tests compare it with the first paint). */
export const START_MARK = 'fittrack:start';

/** The starter's source for the entry at `entryUrl`. */
export function starterSource(entryUrl: string): string {
  const start = `() => { performance.mark(${JSON.stringify(START_MARK)}); import(${JSON.stringify(entryUrl)}).catch((error) => console.error("FitTrack could not start:", error)); }`;
  return `// FitTrack's starter (web/build/starter.ts): the loading shell paints, then the app starts.\n(${afterNextPaint.toString()})(${start});\n`;
}

/** `html` with its entry's script tag replaced by a preload of the entry and the starter's tag. */
export function withStarter(html: string, entryUrl: string, starterUrl: string): string {
  const tag = new RegExp(
    `<script type="module" crossorigin src="${entryUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`,
  );
  const found = html.match(new RegExp(tag, 'g'));
  if (found?.length !== 1) throw new Error(`starter: index.html must load ${entryUrl} once`);
  return html.replace(
    tag,
    `<link rel="modulepreload" crossorigin href="${entryUrl}">\n    <script type="module" crossorigin src="${starterUrl}"></script>`,
  );
}

/** Puts the starter in index.html (before the route pages are made from it: list it first). */
export function starter(): Plugin {
  return {
    name: 'fit-starter',
    apply: 'build',
    enforce: 'post', // after vite:build-html has put index.html in the bundle
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('starter: the build has no index.html');
      // index.html's one module script is the entry (vite:build-html named its chunk there).
      const tags = [
        ...index.source.matchAll(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/g),
      ];
      const entry = tags.length === 1 ? bundle[tags[0]?.[1] ?? ''] : undefined;
      if (entry?.type !== 'chunk' || !entry.isEntry)
        throw new Error('starter: index.html must load one entry chunk as its module script');
      const entryUrl = `/${entry.fileName}`;
      const source = starterSource(entryUrl);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/start-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      index.source = withStarter(index.source, entryUrl, `/${fileName}`);
    },
  };
}
