/// <reference types="node" />
/**
 * shared/ is the pure domain: no I/O, no Firebase, and no implicit clock or randomness (callers pass
 * `now`, `today` and the time zone in). This scans the source text, so a violation fails here,
 * not in a browser bundle or a flaky test.
 *
 * Accepted on purpose: `browserTimeZone()` in periods.ts reads Intl's resolved time zone. That is
 * configuration, not a clock: it returns the same zone at any instant.
 * Three roots are scanned: `src/` (the domain), `firestore/` (Firestore's semantics as pure functions,
 * a separate entry point used by the adapters and by the reactions' paging) and `testing/` (test
 * scaffolding: an in-memory store, the access contract), which is exempt from the clock and randomness
 * rules but imports no I/O either, and which the domain never imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const SCANNED = ['src', 'firestore', 'testing'].map((dir) => join(ROOT, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Removes comments (block and line) so prose about `Date.now()` does not count. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const ALLOWED_PACKAGES = new Set(['zod']);

const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now() reads the clock'],
  [/\bnew\s+Date\s*\(\s*\)/, 'new Date() with no arguments reads the clock'],
  [/(?<!new\s+)(?<![.\w])Date\s*\(\s*\)/, 'Date() reads the clock'],
  [/\bperformance\s*\.\s*now\b/, 'performance.now reads the clock'],
  [/\bMath\s*\.\s*random\b/, 'Math.random is not reproducible'],
  [/\bcrypto\s*\.\s*(randomUUID|getRandomValues)\b/, 'crypto randomness is not reproducible'],
  [/\b(setTimeout|setInterval|setImmediate)\s*\(/, 'timers belong to the callers'],
  [/\bfetch\s*\(/, 'fetch is I/O'],
  [/\bXMLHttpRequest\b|\bWebSocket\b|\bEventSource\b/, 'network I/O'],
  // (`window` and `document` are not listed: shared/ compiles without DOM types, so tsc refuses them,
  // and `window` is a common local name for a period window.)
  [/\b(localStorage|sessionStorage|indexedDB|navigator)\s*\./, 'browser state is I/O'],
  [/\bprocess\s*\.\s*(env|hrtime|uptime)\b/, 'process state is I/O'],
  [/\brequire\s*\(/, 'CommonJS require'],
];

/** Module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(code: string): string[] {
  const specs: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g))
    specs.push(m[1] as string);
  for (const m of code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) specs.push(m[1] as string);
  for (const m of code.matchAll(/\bimport\s*\(\s*['"`]?([^'"`)]*)/g)) specs.push(`dynamic:${m[1]}`);
  return specs;
}

function problems(code: string, { clock }: { clock: boolean }): string[] {
  const found: string[] = [];
  for (const spec of importsOf(code)) {
    const relativeImport = spec.startsWith('./') || spec.startsWith('../');
    if (!relativeImport && !ALLOWED_PACKAGES.has(spec)) found.push(`imports '${spec}'`);
  }
  if (clock) for (const [pattern, why] of FORBIDDEN) if (pattern.test(code)) found.push(why);
  return found;
}

describe('shared/ is pure', () => {
  const files = SCANNED.flatMap(sourceFiles);
  const nameOf = (file: string) => relative(ROOT, file).replaceAll('\\', '/');

  it('finds the domain files, the semantics and the test scaffolding', () => {
    const names = files.map(nameOf);
    for (const expected of [
      'src/catalogue.ts',
      'src/formulas.ts',
      'src/periods.ts',
      'src/totals.ts',
      'src/validation.ts',
      'firestore/semantics.ts',
      'testing/memory-store.ts',
      'testing/access-contract.ts',
    ])
      expect(names).toContain(expected);
  });

  it.each(files.map((f) => [nameOf(f), f]))('%s does no I/O and reads no clock', (name, file) => {
    const code = stripComments(readFileSync(file, 'utf8'));
    const testing = name.startsWith('testing/');
    // testing/ helpers may use timers or randomness for tests, but import no I/O either
    expect(problems(code, { clock: !testing || name === 'testing/memory-store.ts' })).toEqual([]);
  });

  it('the domain and the semantics never import the test scaffolding', () => {
    const scaffolding = join(ROOT, 'testing');
    const offenders = files
      .filter((file) => !file.startsWith(scaffolding))
      .flatMap((file) =>
        importsOf(stripComments(readFileSync(file, 'utf8')))
          .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
          .filter((spec) => resolve(dirname(file), spec).startsWith(scaffolding))
          .map((spec) => `${nameOf(file)} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the form validators (validation.ts, shipped to the browser) import no zod, directly or not', () => {
    const seen = new Set<string>();
    const reaches = (file: string): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const specs = importsOf(stripComments(readFileSync(file, 'utf8')));
      return specs.flatMap((spec) =>
        spec.startsWith('./') || spec.startsWith('../') ? reaches(resolve(dirname(file), spec)) : [spec],
      );
    };
    expect(reaches(join(SRC, 'validation.ts'))).not.toContain('zod');
    seen.clear();
    expect(reaches(join(SRC, 'documents.ts'))).toContain('zod'); // the check can see an import
  });

  it('has no import cycles (a module never reaches itself through its relative imports)', () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const code = stripComments(readFileSync(file, 'utf8'));
      const deps = importsOf(code)
        .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
        .map((spec) => resolve(dirname(file), spec));
      graph.set(file, deps);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map(nameOf).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const dep of graph.get(file) ?? []) visit(dep, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('the scanner catches what it is meant to catch', () => {
    const check = (code: string) => problems(code, { clock: true });
    expect(check("import { readFileSync } from 'node:fs';")).toEqual(["imports 'node:fs'"]);
    expect(check("import fs from 'fs';")).toEqual(["imports 'fs'"]);
    expect(check("import { getFirestore } from 'firebase/firestore';")).toEqual([
      "imports 'firebase/firestore'",
    ]);
    expect(check("export * from 'firebase-admin';")).toEqual(["imports 'firebase-admin'"]);
    expect(check("const m = await import('node:child_process');")).toHaveLength(1);
    expect(check('const t = Date.now();')).toEqual(['Date.now() reads the clock']);
    expect(check('const d = new Date();')).toEqual(['new Date() with no arguments reads the clock']);
    expect(check('const s = Date();')).toEqual(['Date() reads the clock']);
    expect(check('const x = performance.now();')).toHaveLength(1);
    expect(check('const r = Math.random();')).toHaveLength(1);
    expect(check('setTimeout(run, 10);')).toHaveLength(1);
    // allowed: explicit instants, relative imports, zod, prose in comments
    expect(check('const d = new Date(Date.UTC(2026, 0, 1)); const e = new Date(t);')).toEqual([]);
    expect(
      check("import { z } from 'zod'; import { x } from './x.ts'; import type { Y } from '../y.ts';"),
    ).toEqual([]);
    expect(check(stripComments('// never call Date.now() here\n/* nor Math.random */ const a = 1;'))).toEqual(
      [],
    );
    expect(check(stripComments("const url = 'https://example.com'; const t = Date.now();"))).toHaveLength(1);
  });
});
