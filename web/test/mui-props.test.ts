/**
 * MUI 9 dropped the system props of Typography: `color="text.secondary"` is accepted by the types
 * (any string) and then ignored, so the text is drawn in the primary ink. The app's 44 secondary
 * texts were, until this test. Typography takes `textSecondary` (its own colour variants) or `sx`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('MUI props the installed MUI ignores', () => {
  it('no component gets a palette path (text.secondary) as its color prop', () => {
    const found = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bcolor=(?:"|\{\s*['"`])([a-z]+\.[a-zA-Z.]+)["'`]/g)].map(
        (m) => `${file.slice(SRC.length + 1)}: color="${m[1]}"`,
      ),
    );
    expect(found).toEqual([]);
  });
});
