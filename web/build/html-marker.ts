import type { Plugin } from 'vite';

/**
 * `html` with `content` in place of `marker`, which it must hold exactly once: a page that lost
 * the marker (or holds it twice) would ship without the content, so that fails the build. `what`
 * names the content in the error.
 */
export function replaceOnce(html: string, marker: string, what: string, content: string): string {
  const parts = html.split(marker);
  if (parts.length !== 2) throw new Error(`index.html must hold ${marker} once, where ${what} goes`);
  return parts.join(content);
}

/**
 * A plugin that puts `content()` in place of `marker` in index.html (`replaceOnce`), in the build
 * and the dev server alike.
 */
export function replaceMarker(name: string, marker: string, what: string, content: () => string): Plugin {
  return {
    name,
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => replaceOnce(html, marker, what, content()),
    },
  };
}
