/**
 * axe-core in the journeys: injects the axe-core the workspace installs into the page (contexts
 * need `bypassCSP: true`, the app's CSP allows no foreign script) and runs the WCAG 2.0/2.1 A and
 * AA, WCAG 2.2 AA and best-practice rules over the whole document, open dialogs included.
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { APP_URL } from './stack.ts';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** A context axe can be injected into, at `width` (phones 390, desktops 1280). */
export async function axeContext(
  browser: Browser,
  width: number,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    baseURL: APP_URL,
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * The violations of the page as it stands, as lines: rule id, impact, help, then each target.
 * `within` (a CSS selector, e.g. an open dialog) limits the run to that part of the page; `rules`
 * runs only those rules instead of the tags (the theme journey's colour checks).
 */
export async function axeViolations(
  page: Page,
  within?: string,
  rules?: readonly string[],
): Promise<string[]> {
  await animationsDone(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = (await page.evaluate(
    async ({ tags, within, rules }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(within ? { include: [[within]] } : document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })) as { violations: unknown[] };
      return result.violations;
    },
    { tags: AXE_TAGS, within: within ?? null, rules: rules ?? null },
  )) as Violation[];
  return violations.flatMap((v) => [
    `${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
    ...v.nodes
      .slice(0, 8)
      .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  ]);
}

/**
 * Resolves once no finite animation or transition runs (infinite ones, spinners, aside), from the
 * second frame on: mid-transition colours are not the page's (CI once caught the Log button fading
 * to enabled), and a resize's or scheme change's re-render starts its transitions in the next frame.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
}

/** Throws, naming every rule and target, unless axe finds nothing on the page as it stands. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const lines = await axeViolations(page);
  if (lines.length > 0) throw new Error(`axe on ${where} (${page.url()}):\n${lines.join('\n')}`);
}
