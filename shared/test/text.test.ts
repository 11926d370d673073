import { describe, expect, it } from 'vitest';
import {
  BIDI_CONTROL_RANGES,
  firestoreLength,
  hasBidiControl,
  INVISIBLE_RANGES,
  isBlank,
  RULES_PATTERNS,
  stripBidiControls,
} from '../src/text.ts';

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)?.toString(16)).join(' ');

const inRanges = (c: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([a, b]) => c >= a && c <= b);

/** The rules' RE2 pattern read back as a JavaScript regex (`\x{..}` -> `\u{..}`). */
const asJs = (re2: string) =>
  new RegExp(`^(?:${re2.replace(/\(\?s\)/, '').replace(/\\x\{/g, '\\u{')})$`, 'su');

describe('text rules', () => {
  it('every JavaScript \\s character, and the zero-width ones, count as blank', () => {
    const missed: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (/\s/.test(ch) && !isBlank(ch)) missed.push(c);
    }
    expect(missed).toEqual([]);
    for (const c of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x3000, 0xa0, 0x3164])
      expect(isBlank(`${String.fromCharCode(c)} `), c.toString(16)).toBe(true);
    expect(isBlank('')).toBe(true);
    for (const visible of ['a', '.', '\u0301x', '\u{1F600}', '中', '\ud800'])
      expect(isBlank(visible)).toBe(false);
  });

  it('every default-ignorable code point (Unicode: drawn as nothing) counts as blank, in every plane', () => {
    // U+061C (Arabic letter mark), variation selectors, tag characters (U+E0000-E0FFF) and the
    // like show nothing, so a display name or post made of them is as empty as one of spaces.
    const ignorable = /^\p{Default_Ignorable_Code_Point}$/u;
    const missed: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (ignorable.test(ch) && !isBlank(ch)) missed.push(c.toString(16));
    }
    expect(missed).toEqual([]);
    for (const text of ['\u061c', '\ufe0f\ufe0e', '\u{E0041}\u{E0042}', '\u{1D173}', '\u{1BCA0}'])
      expect(isBlank(text), codePoints(text)).toBe(true);
    // Not blank when they come with something visible (an emoji's selector, a flag's tags).
    for (const visible of ['\u2764\ufe0f', '\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}', 'a\u061c'])
      expect(isBlank(visible), codePoints(visible)).toBe(false);
  });

  it('the rules patterns are the same character sets as the JavaScript checks, code point by code point', () => {
    const blank = asJs(RULES_PATTERNS.blank);
    const bidi = asJs(RULES_PATTERNS.bidiControl);
    const differing: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      const b = blank.test(ch);
      if (b !== isBlank(ch) || b !== inRanges(c, INVISIBLE_RANGES)) differing.push(`blank ${c.toString(16)}`);
      const d = hasBidiControl(ch);
      if (bidi.test(`a\n${ch}b`) !== d || d !== inRanges(c, BIDI_CONTROL_RANGES))
        differing.push(`bidi ${c.toString(16)}`);
    }
    expect(differing).toEqual([]);
  });

  it('bidi controls are found anywhere, across lines; marks are not controls', () => {
    expect(hasBidiControl('line one\nline \u202etwo')).toBe(true);
    expect(hasBidiControl('\u2067')).toBe(true);
    expect(hasBidiControl('\u200e\u200f')).toBe(false);
    expect(hasBidiControl('שלום')).toBe(false);
  });

  it('stripBidiControls removes every control and nothing else', () => {
    expect(stripBidiControls('see \u202emoc.live\u202c and \u2066x\u2069')).toBe('see moc.live and x');
    expect(stripBidiControls('שלום\u200f 😀')).toBe('שלום\u200f 😀');
  });

  it('lengths are UTF-16 code units (Firestore, rules size())', () => {
    expect(firestoreLength('\u{1F600}')).toBe(2);
    expect(firestoreLength('é')).toBe(1);
    expect(firestoreLength('e\u0301')).toBe(2);
  });
});
