import type { Plugin } from 'vite';

/**
 * `html` with `content` in place of `marker`, which it must hold exactly once: a page that lost
 * the marker (or holds it twice) would ship without the content, so that fails the build. `what`
 * names the content in the error.
 */
export function replaceOnce(html: string, marker: string, what: string, content: string): string {
  return splitOnce(html, marker, what).join(content);
}

/**
 * `html` with `content` in place of everything from `start` to `end`, markers included: each must
 * be there once, `start` first (`replaceOnce`'s reasons).
 */
export function replaceBetween(
  html: string,
  start: string,
  end: string,
  what: string,
  content: string,
): string {
  const [before, , after] = splitAround(html, start, end, what);
  return before + content + after;
}

/** What `html` holds between `start` and `end` (`replaceBetween`'s checks). */
export function textBetween(html: string, start: string, end: string, what: string): string {
  return splitAround(html, start, end, what)[1];
}

function splitAround(html: string, start: string, end: string, what: string): [string, string, string] {
  const [before, rest] = splitOnce(html, start, what);
  const [inside, after] = splitOnce(rest, end, what);
  if (before.includes(end))
    throw new Error(`index.html must hold ${start} once, then ${end} once, around ${what}`);
  return [before, inside, after];
}

function splitOnce(html: string, marker: string, what: string): [string, string] {
  const parts = html.split(marker);
  if (parts.length !== 2) throw new Error(`index.html must hold ${marker} once, where ${what} goes`);
  return [parts[0] ?? '', parts[1] ?? ''];
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
