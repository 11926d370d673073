/**
 * One HTML page per signed-in path (`user.html`, `community.html`, `account.html`) and sign-in path
 * (`login.html`, `signup.html`): index.html plus `modulepreload` links for the chunks that path
 * draws first (the signed-in frame and its page, or the sign-in page, with their static imports).
 * The browser then fetches them beside the entry, instead of once the entry has run and asked for
 * them (app/preload.ts): one round trip and the entry's start-up less before the page paints on a
 * cold load. Every other path keeps index.html, so / stays small.
 *
 * A page whose heading is the same for everyone (components/page-headings.ts) also gets that
 * heading in its loading shell, in place of the shell's grey title bar, drawn as PageHeader draws it
 * (index.html's `#boot .head` styles): the largest text of the page is painted from the HTML, before
 * any script has run, and the app's own heading then takes its place without a move. A signed-in
 * page's shell also draws the app bar's navigation row (phones and tablets), so that the heading
 * and the card skeletons sit where the app draws them.
 *
 * A sign-in page's shell is the auth card instead (`signInShell`): the brand, and the card with the
 * page's heading and its form's rows drawn as skeletons of the app's heights, where the app draws
 * them, beside the brand panel on wide screens. /user's shell is the dashboard's layout with the
 * Log Activity card and today's quote (`dashboardShell`, dashboard-shell.ts). Each page keeps only
 * its own shell's styles (`withShellStyle`).
 *
 * Firebase Hosting answers a path with its page through `cleanUrls` (firebase.json).
 * `SIGNED_IN_ROUTE_MODULES` and `SIGN_IN_ROUTE_MODULES` must name what app/preload.ts preloads per
 * path (web/test/preload.test.ts holds them equal).
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_HEADINGS, type PageHeading, SIGN_IN_HEADINGS } from '../src/components/page-headings.ts';
import { DASHBOARD_HEADING, dashboardCards, quoteRules } from './dashboard-shell.ts';
import { replaceBetween, replaceOnce, textBetween } from './html-marker.ts';

const FRAME = ['src/app/guards.tsx', 'src/app/AppLayout.tsx'];

/** Per page file (`user` for /user), the modules its path renders first, from web/. */
export const SIGNED_IN_ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  user: [...FRAME, 'src/features/dashboard/DashboardPage.tsx'],
  community: [...FRAME, 'src/features/community/CommunityPage.tsx'],
  account: [...FRAME, 'src/features/account/AccountPage.tsx'],
};

/** Per sign-in page file (`login` for /login), its page module: no frame. */
export const SIGN_IN_ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  login: ['src/features/auth/LoginPage.tsx'],
  signup: ['src/features/auth/SignUpPage.tsx'],
};

interface ChunkFacts {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** The files of `roots` and everything they import statically, in a stable order. */
export function staticClosure(chunks: readonly ChunkFacts[], roots: readonly string[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
  const seen: string[] = [];
  const visit = (file: string) => {
    if (seen.includes(file)) return;
    seen.push(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const root of roots) {
    const chunk = byModule.get(root);
    if (!chunk) throw new Error(`route pages: the build has no chunk for ${root}`);
    visit(chunk.fileName);
  }
  return seen;
}

/** index.html with a modulepreload link, before </head>, for each of `files` it does not name yet. */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (!html.includes('</head>')) throw new Error('route pages: index.html has no </head>');
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

/** The loading shell's title bar, which a page's heading replaces (index.html). */
export const SHELL_TITLE_BAR = '<div class="line"></div>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html` with `heading` in its loading shell, in place of the shell's title bar. */
export function withHeading(html: string, heading: PageHeading): string {
  const markup =
    `<div class="head"><div class="title">${escapeHtml(heading.title)}</div>` +
    `<div class="sub">${escapeHtml(heading.subtitle)}</div></div>`;
  return replaceOnce(html, SHELL_TITLE_BAR, "a page's heading", markup);
}

/** The shell's root as index.html writes it, and as a signed-in page's writes it: with the app bar's navigation row. */
const SHELL_ROOT = '<div id="boot" aria-hidden="true">';
const FRAMED_SHELL_ROOT = '<div id="boot" class="framed" aria-hidden="true">';

/** `html` whose loading shell draws the signed-in frame's app bar (two rows below 900 px). */
export function framed(html: string): string {
  return replaceOnce(html, SHELL_ROOT, 'the framed shell', FRAMED_SHELL_ROOT);
}

/** The part of index.html's shell a sign-in page's shell replaces (the bar, title bar and cards). */
export const SHELL_START = '<!-- fit:shell -->';
export const SHELL_END = '<!-- /fit:shell -->';

/**
 * A row of an auth form as its shell draws it, each of the app's height (index.html's `.rows`):
 * a text field, one with a link under it (Forgot Password?), one with a hint under it, the submit
 * button, the Google button, the "or" divider, and the line linking to the other page (`other-page`).
 */
export type FormRow = 'field' | 'field-link' | 'field-hint' | 'submit' | 'google' | 'divider' | 'other-page';

/** Per sign-in page, its heading and its form's rows (LoginPage.tsx, SignUpPage.tsx, AuthForm.tsx). */
export const SIGN_IN_SHELLS: Readonly<Record<string, { heading: PageHeading; rows: readonly FormRow[] }>> = {
  login: {
    heading: SIGN_IN_HEADINGS.login,
    rows: ['field', 'field-link', 'submit', 'divider', 'google', 'other-page'],
  },
  signup: {
    heading: SIGN_IN_HEADINGS.signup,
    rows: ['field', 'field-hint', 'field', 'submit', 'other-page'],
  },
};

/** Pages whose shell has styles of its own in index.html, between `<!-- fit:NAME-style -->` markers. */
export type ShellStyle = 'signin' | 'user';
const SHELL_STYLES: readonly ShellStyle[] = ['signin', 'user'];
export const styleMarkers = (style: ShellStyle) =>
  [`<!-- fit:${style}-style -->`, `<!-- /fit:${style}-style -->`] as const;

/**
 * `html` with the styles of the shell it draws (`keep`; `extra` CSS after them), and without the
 * others: no page carries the styles of another page's shell (index.html, for /, none).
 */
export function withShellStyle(html: string, keep: ShellStyle | null, extra = ''): string {
  let page = html;
  for (const style of SHELL_STYLES) {
    const [start, end] = styleMarkers(style);
    const what = `the ${style} shell's styles`;
    if (style !== keep) page = replaceBetween(page, start, end, what, '');
    else
      page = replaceOnce(replaceOnce(page, start, what, ''), end, what, extra && `<style>${extra}</style>`);
  }
  return page;
}

/** The cards of index.html's shell, which /user's shell replaces with its own. */
export const SHELL_CARDS_START = '<!-- fit:cards -->';
export const SHELL_CARDS_END = '<!-- /fit:cards -->';

/** `html` whose loading shell is /user's (dashboard-shell.ts): its heading's bones and its cards. */
export function dashboardShell(html: string): string {
  const headed = replaceOnce(html, SHELL_TITLE_BAR, "the dashboard's heading", DASHBOARD_HEADING);
  return replaceBetween(
    headed,
    SHELL_CARDS_START,
    SHELL_CARDS_END,
    "the dashboard's cards",
    dashboardCards(),
  );
}

/** The brand (the mark and the word) as index.html's shell draws it in its bar: one copy of the mark. */
function brandOf(shell: string): string {
  const mark = /<svg [^>]*>[\s\S]*?<\/svg>/.exec(shell)?.[0];
  const word = /<div class="word">[\s\S]*?<\/div>/.exec(shell)?.[0];
  if (!mark || !word) throw new Error("route pages: index.html's shell has no brand (an <svg> and its word)");
  return `<div class="brand">${mark}${word}</div>`;
}

/** `html` whose loading shell is the auth card of a sign-in page (AuthShell.tsx's layout). */
export function signInShell(html: string, shell: { heading: PageHeading; rows: readonly FormRow[] }): string {
  const brand = brandOf(textBetween(html, SHELL_START, SHELL_END, "a sign-in page's shell"));
  const rows = shell.rows.map((row) => `<div class="${row}"></div>`).join('');
  const markup =
    `<div class="signin"><div class="side">${brand}</div><div class="form">${brand}<div class="panel">` +
    `<div class="title">${escapeHtml(shell.heading.title)}</div>` +
    `<div class="sub">${escapeHtml(shell.heading.subtitle)}</div>` +
    `<div class="rows">${rows}</div></div></div></div>`;
  return replaceBetween(html, SHELL_START, SHELL_END, "a sign-in page's shell", markup);
}

const headingOf = (page: string): PageHeading | undefined =>
  (PAGE_HEADINGS as Readonly<Record<string, PageHeading>>)[page];

export function routePages(routes = { ...SIGNED_IN_ROUTE_MODULES, ...SIGN_IN_ROUTE_MODULES }): Plugin {
  let root = '';
  return {
    name: 'fit-route-pages',
    apply: 'build',
    enforce: 'post', // after vite:build-html has put index.html in the bundle
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('route pages: the build has no index.html');
      const source = index.source;
      index.source = withShellStyle(source, null); // /, and every path without a page of its own
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as ChunkFacts[];
      for (const [page, modules] of Object.entries(routes)) {
        const files = staticClosure(
          chunks,
          modules.map((module) => resolve(root, module)),
        );
        const heading = headingOf(page);
        const signIn = SIGN_IN_SHELLS[page];
        let html = heading ? withHeading(source, heading) : source;
        if (page in SIGNED_IN_ROUTE_MODULES) html = framed(html);
        if (signIn) html = withShellStyle(signInShell(html, signIn), 'signin');
        else if (page === 'user') html = withShellStyle(dashboardShell(html), 'user', quoteRules());
        else html = withShellStyle(html, null);
        this.emitFile({ type: 'asset', fileName: `${page}.html`, source: withPreloads(html, files) });
      }
    },
  };
}
