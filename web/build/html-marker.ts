import type { Plugin } from 'vite';

/**
 * A plugin that puts `content()` in place of `marker` in index.html, in the build and the dev
 * server alike; `what` names the content in the error when the page holds the marker other than
 * once (a source page that lost it would ship without it).
 */
export function replaceMarker(name: string, marker: string, what: string, content: () => string): Plugin {
  return {
    name,
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const parts = html.split(marker);
        if (parts.length !== 2) throw new Error(`index.html must hold ${marker} once, where ${what} goes`);
        return parts.join(content());
      },
    },
  };
}
