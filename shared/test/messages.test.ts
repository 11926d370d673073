/// <reference types="node" />
/**
 * The message catalogue against the spec's section 8: every quoted message there is in the
 * catalogue word for word, and the catalogue holds nothing else. The spec lives outside the
 * repository on the build machine; where it is absent, the copy below is the reference.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as messages from '../src/messages.ts';

const SPEC = '/work/shared/spec/SPEC.md';

/** The quoted strings of section 8's lists (bullets of the form `- 'text'` or `- Label: 'text'`). */
function section8Messages(spec: string): string[] {
  const start = spec.indexOf('## 8.');
  const end = spec.indexOf('\n## ', start + 1);
  const section = spec.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^- (?:[A-Za-z -]+: )?'(.*)'$/gm)].map((m) => m[1] as string);
}

const catalogue: string[] = Object.values(messages);

describe('the section 8 catalogue', () => {
  it('has no message twice', () => {
    expect(new Set(catalogue).size).toBe(catalogue.length);
  });

  it.runIf(existsSync(SPEC))('equals the spec, word for word', () => {
    const spec = section8Messages(readFileSync(SPEC, 'utf8'));
    expect(spec.length).toBeGreaterThan(20);
    expect([...catalogue].sort()).toEqual([...spec].sort());
  });

  it('the reader finds quoted bullets, with or without a label', () => {
    expect(section8Messages("## 8. X\n- 'A.'\n- Login: 'B c.'\n- plain\n## 9. Y\n- 'C'")).toEqual([
      'A.',
      'B c.',
    ]);
  });
});
