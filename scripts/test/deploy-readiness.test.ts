/**
 * The deploy check refuses what `firebase deploy` would refuse or get wrong: a decommissioned
 * functions runtime, a Hosting folder built for the emulators, a Hosting deploy with no build step.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configProblems, hostingProblems, runtimeProblems } from '../deploy-readiness.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('deploy readiness', () => {
  it('refuses Node.js 20 after its decommission and accepts 22', () => {
    expect(runtimeProblems('20', new Date('2026-11-28'))[0]).toMatch(/decommissioned on 2026-10-30/);
    expect(runtimeProblems('20', new Date('2026-01-01'))).toEqual([]);
    expect(runtimeProblems('22', new Date('2026-11-28'))).toEqual([]);
    expect(runtimeProblems('banana')[0]).toMatch(/not a Cloud Functions runtime/);
  });

  it("holds this repository's functions to a runtime that deploys today", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8'));
    expect(runtimeProblems(pkg.engines.node)).toEqual([]);
  });

  it('refuses a Hosting folder built for the emulators, accepts a production one or none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fittrack-dist-'));
    dirs.push(dir);
    expect(hostingProblems(join(dir, 'absent'))).toEqual([]);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'const k="AIzaReal";');
    expect(hostingProblems(dir)).toEqual([]);
    writeFileSync(join(dir, 'assets', 'app.js'), 'const k="fake-api-key",h="127.0.0.1:9099";');
    expect(hostingProblems(dir)[0]).toMatch(/made for the emulators/);
  });

  it('needs firebase.json to build the production app before a Hosting deploy', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
    expect(configProblems(config)).toEqual([]);
    expect(configProblems({ hosting: { public: 'web/dist' } })[0]).toMatch(/predeploy/);
  });
});
