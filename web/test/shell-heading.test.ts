/**
 * The loading shell of a page with a fixed heading (build/route-pages.ts): the heading's text is
 * the page's own (components/page-headings.ts), escaped, where index.html's title bar was, in the
 * theme's colours and PageHeader's type, so nothing changes when the app's heading replaces it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUOTE_ATTRIBUTE, quoteRules } from '../build/dashboard-shell.ts';
import {
  dashboardShell,
  framed,
  SHELL_END,
  SHELL_START,
  SHELL_TITLE_BAR,
  SIGN_IN_ROUTE_MODULES,
  SIGN_IN_SHELLS,
  SIGNED_IN_ROUTE_MODULES,
  signInShell,
  styleMarkers,
  withHeading,
  withShellStyle,
} from '../build/route-pages.ts';
import { theme, themeOptions } from '../src/app/theme.ts';
import { PAGE_HEADINGS, SIGN_IN_HEADINGS } from '../src/components/page-headings.ts';
import { QUOTES } from '../src/features/dashboard/quote-texts.ts';

const index = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
const pageHeader = readFileSync(join(import.meta.dirname, '../src/components/PageHeader.tsx'), 'utf8');

describe("a page's heading in its loading shell", () => {
  it('replaces the title bar with the escaped title and subtitle, once', () => {
    const page = withHeading(index, { title: 'A & <b>', subtitle: `It's "here"` });
    expect(page).not.toContain(SHELL_TITLE_BAR);
    expect(page).toContain('<div class="title">A &#38; &#60;b&#62;</div>');
    expect(page).toContain('<div class="sub">It&#39;s &#34;here&#34;</div>');
    expect(() => withHeading('<div id="boot"></div>', PAGE_HEADINGS.community)).toThrow(/must hold/);
  });

  it('is written for signed-in pages only, and their pages draw the same heading', () => {
    for (const page of Object.keys(PAGE_HEADINGS))
      expect(Object.keys(SIGNED_IN_ROUTE_MODULES)).toContain(page);
    for (const [page, file] of [
      ['community', 'features/community/CommunityPage.tsx'],
      ['account', 'features/account/AccountPage.tsx'],
    ] as const) {
      const source = readFileSync(join(import.meta.dirname, '../src', file), 'utf8');
      expect(source).toContain(`<PageHeader {...PAGE_HEADINGS.${page}} />`);
    }
  });

  it("uses the theme's text colours in both schemes, and PageHeader's sizes", () => {
    const secondary = (scheme: 'light' | 'dark') => themeOptions.colorSchemes[scheme].palette.text.secondary;
    expect(index).toContain(`--boot-ink2: ${secondary('light')};`);
    expect(index.match(new RegExp(`--boot-ink2: ${secondary('dark')};`, 'g'))).toHaveLength(2);
    expect(pageHeader).toContain("fontSize: { xs: '1.7rem', sm: '2.1rem' }");
    expect(index).toMatch(/#boot \.title \{[^}]*font-size: 1\.7rem;/);
    expect(index).toMatch(/#boot \.title \{ font-size: 2\.1rem; \}/);
    const h4 = theme.typography.h4;
    expect(index).toMatch(
      new RegExp(
        `#boot \\.title \\{ font-weight: ${h4.fontWeight}; [^}]*line-height: ${h4.lineHeight}; letter-spacing: ${h4.letterSpacing};`,
      ),
    );
    expect(index).toMatch(
      new RegExp(`#boot \\.sub \\{[^}]*line-height: ${theme.typography.body1.lineHeight};`),
    );
  });
});

describe("a signed-in page's shell", () => {
  it("draws the app bar's navigation row: the shell is marked framed, once", () => {
    expect(framed(index)).toContain('<div id="boot" class="framed" aria-hidden="true">');
    expect(() => framed(framed(index))).toThrow(/must hold/);
    expect(index).toMatch(/#boot\.framed \.bar \.nav \{ display: block; height: 51\.9px; \}/);
  });
});

describe("a sign-in page's shell", () => {
  const login = SIGN_IN_SHELLS.login ?? { heading: SIGN_IN_HEADINGS.login, rows: [] };

  it("is the auth card in place of the signed-in shell: the page's heading, escaped, and its form's rows", () => {
    const page = signInShell(index, {
      heading: { title: 'A & <b>', subtitle: 'Go' },
      rows: ['field', 'submit'],
    });
    expect(page).not.toContain(SHELL_START);
    expect(page).not.toContain(SHELL_TITLE_BAR);
    expect(page).not.toContain('class="grid"');
    expect(page).toContain('<div class="title">A &#38; &#60;b&#62;</div><div class="sub">Go</div>');
    expect(page).toContain('<div class="rows"><div class="field"></div><div class="submit"></div></div>');
    expect(page.match(/<div class="brand">/g)).toHaveLength(2); // the panel's and the phone's
    expect(page).toContain('<div id="boot" aria-hidden="true">');
    expect(page).toMatch(/<\/div>\s*<\/div>\s*<noscript>/); // #boot still closes where it did
  });

  it("keeps the sign-in styles, which every other page leaves out, and draws index.html's own brand", () => {
    const page = withShellStyle(signInShell(index, login), 'signin');
    expect(page).toContain('#boot .signin .panel {');
    expect(page).not.toContain('#boot .dash');
    for (const marker of [...styleMarkers('signin'), ...styleMarkers('user')])
      expect(page).not.toContain(marker);
    const other = withShellStyle(index, null);
    expect(other).not.toContain('#boot .signin');
    expect(other).not.toContain('#boot .rows');
    expect(other).not.toContain('#boot .dash');
    expect(other).toContain('#boot .card {'); // the signed-in shell's styles stay
    expect(other).toContain('<div class="word">Fit<span>Track</span></div>');
    expect(() => withShellStyle(other, null)).toThrow(/must hold/);
    // The mark's path is index.html's, once per brand (the panel's and the phone's), not a copy.
    const mark = /<svg [^>]*>[\s\S]*?<\/svg>/.exec(index)?.[0] ?? 'no mark';
    expect(page.split(mark)).toHaveLength(3);
    const source = readFileSync(join(import.meta.dirname, '../build/route-pages.ts'), 'utf8');
    expect(source).not.toMatch(/M14 38/);
    expect(() => signInShell(index.replace(/<svg [^>]*>[\s\S]*?<\/svg>/, ''), login)).toThrow(/no brand/);
  });

  it('refuses a page without the markers, with one of them twice, or with them the wrong way round', () => {
    expect(() => signInShell(signInShell(index, login), login)).toThrow(/must hold/);
    const swapped = index.replace(SHELL_START, '@@').replace(SHELL_END, SHELL_START).replace('@@', SHELL_END);
    expect(() => signInShell(swapped, login)).toThrow(/must hold/);
    expect(() => signInShell(`${index}${SHELL_END}`, login)).toThrow(/must hold/);
  });

  it('is written for each sign-in page, with the heading its page draws, and styles every row', () => {
    expect(Object.keys(SIGN_IN_SHELLS).sort()).toEqual(Object.keys(SIGN_IN_ROUTE_MODULES).sort());
    for (const [page, file] of [
      ['login', 'features/auth/LoginPage.tsx'],
      ['signup', 'features/auth/SignUpPage.tsx'],
    ] as const) {
      expect(SIGN_IN_SHELLS[page]?.heading).toBe(SIGN_IN_HEADINGS[page]);
      const source = readFileSync(join(import.meta.dirname, '../src', file), 'utf8');
      expect(source).toContain(`{...SIGN_IN_HEADINGS.${page}}`);
      for (const row of SIGN_IN_SHELLS[page]?.rows ?? [])
        expect(index).toMatch(new RegExp(`#boot \\.rows \\.${row}[ ,:]`));
    }
  });
});

describe("/user's shell", () => {
  const page = withShellStyle(dashboardShell(index), 'user', quoteRules());

  it('draws the Log Activity card with every quote, escaped, each shown by its own rule only', () => {
    expect(page).not.toContain(SHELL_TITLE_BAR);
    expect(page).not.toContain('class="grid"');
    expect(page).toContain('<div class="name">Log Activity</div>');
    const figure = new DOMParser().parseFromString(page, 'text/html').querySelector('#boot .hero');
    const quotes = [...(figure?.querySelectorAll('blockquote') ?? [])];
    expect(quotes.map((q) => q.textContent)).toEqual(QUOTES.map((q) => `“${q.text}”`));
    expect([...(figure?.querySelectorAll('figcaption') ?? [])].map((c) => c.textContent)).toEqual(
      QUOTES.map((q) => `— ${q.author}`),
    );
    for (const [index] of QUOTES.entries())
      expect(page).toContain(
        `html[${QUOTE_ATTRIBUTE}="${index}"] #boot .hero [data-q="${index}"]{display:block}`,
      );
    expect(page).toMatch(/#boot \.hero blockquote, #boot \.hero figcaption \{ display: none;/);
    expect(page).not.toContain('#boot .signin');
  });

  it("draws the quote in LogActivityCard's type, so that the app's quote is the same box", () => {
    const card = readFileSync(
      join(import.meta.dirname, '../src/features/dashboard/LogActivityCard.tsx'),
      'utf8',
    );
    expect(card).toContain("sx={{ m: 0, fontWeight: 600, fontSize: '1.02rem', lineHeight: 1.45, pr: 4 }}");
    expect(index).toMatch(
      /#boot \.hero blockquote \{ font-size: 1\.02rem; font-weight: 600; line-height: 1\.45; padding-right: 32px; \}/,
    );
    expect(card).toContain('“{quote.text}”');
  });

  it("refuses an index.html without the cards' markers", () => {
    expect(() => dashboardShell(index.replace('<!-- fit:cards -->', ''))).toThrow(/must hold/);
  });
});
