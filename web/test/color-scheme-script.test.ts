// @vitest-environment node
/**
 * MUI's InitColorSchemeScript is index.html's one inline script (web/vite.config.ts): the CSP in
 * firebase.json allows it by its hash alone, never by 'unsafe-inline'. A new MUI may change its
 * text: this says what to write then.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_SCRIPT } from '../vite.config.ts';

interface Hosting {
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const firebase = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'firebase.json'), 'utf8')) as {
  hosting: Hosting;
};
const scriptSrc = firebase.hosting.headers
  .flatMap((rule) => rule.headers)
  .find((header) => header.key === 'Content-Security-Policy')
  ?.value.split(';')
  .map((directive) => directive.trim())
  .find((directive) => directive.startsWith('script-src '));

describe("the colour-scheme script and the page's CSP", () => {
  it("is one inline script that sets the scheme attribute from MUI's storage key", () => {
    expect(COLOR_SCHEME_SCRIPT).toMatch(/^<script>[^<]+<\/script>$/);
    expect(COLOR_SCHEME_SCRIPT).toContain('setAttribute("data-mui-color-scheme"');
    expect(COLOR_SCHEME_SCRIPT).toContain('localStorage.getItem("mui-mode")');
  });

  it("is allowed by its hash in firebase.json's script-src, with no 'unsafe-inline'", () => {
    const text = COLOR_SCHEME_SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, '');
    const source = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(scriptSrc, `firebase.json's script-src must name ${source}`).toContain(source);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
