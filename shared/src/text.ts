/**
 * Text rules shared by the forms, the document checks (validateDocument) and firestore.rules (whose
 * patterns scripts/gen-rules.mjs generates from the ranges below, so the browser and the rules agree):
 *
 * - blank: only characters that show nothing. Unicode White_Space (JavaScript's `\s`, which covers
 *   NBSP U+00A0 and the ideographic space U+3000, plus NEL U+0085), the zero-width characters
 *   (U+200B-U+200D, U+2060, U+FEFF) and the other invisible fillers people use to fake an empty
 *   name (soft hyphen, Hangul fillers, the Mongolian vowel separator, invisible operators, braille
 *   blank, the directional marks): every Default_Ignorable_Code_Point of Unicode is in, the Arabic
 *   letter mark, variation selectors and tag characters (U+E0000-E0FFF) included, in every plane.
 * - bidi controls: embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder the
 *   text around them: an RLO in a name reverses the text after it, including a link. They are
 *   refused in display names and posts (and stripped where shown). The marks U+200E/U+200F are allowed: they carry no
 *   direction state past themselves and right-to-left writers type them.
 * - lengths: Firestore (and its rules' `size()`) count strings in UTF-16 code units, which is
 *   JavaScript's `.length`; an emoji counts 2. (Zod's `.max()` counts code points: not used for text.)
 */

/** Inclusive code point ranges of characters that show nothing. */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/** Inclusive code point ranges of the bidi embedding, override and isolate controls. */
export const BIDI_CONTROL_RANGES: readonly (readonly [number, number])[] = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

function jsClass(ranges: readonly (readonly [number, number])[]): string {
  const hex = (c: number) => `\\u{${c.toString(16)}}`;
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}

/** The same ranges as an RE2 character class body (`\x{..}` escapes), for firestore.rules. */
export function re2Class(ranges: readonly (readonly [number, number])[]): string {
  const hex = (c: number) => `\\x{${c.toString(16).toUpperCase()}}`;
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}

/** RE2 full-match patterns for the rules (`string.matches` matches the whole string). */
export const RULES_PATTERNS = {
  blank: `[${re2Class(INVISIBLE_RANGES)}]*`,
  bidiControl: `(?s).*[${re2Class(BIDI_CONTROL_RANGES)}].*`,
} as const;

const BLANK = new RegExp(`^[${jsClass(INVISIBLE_RANGES)}]*$`, 'u');
const BIDI_CONTROL = new RegExp(`[${jsClass(BIDI_CONTROL_RANGES)}]`, 'u');

/** True when the text shows nothing (empty, spaces, zero-width or other invisible characters). */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** True when the text holds a bidi embedding, override or isolate control. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

const BIDI_CONTROL_ALL = new RegExp(`[${jsClass(BIDI_CONTROL_RANGES)}]`, 'gu');

/**
 * The text without bidi embedding, override and isolate controls, for display: writes refuse
 * them, and this keeps anything stored before (or written around the rules) from reordering what
 * is shown. Shown names are also isolated (`<bdi>`) so right-to-left names keep their place.
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL_ALL, '');
}

/** Length as Firestore counts it: UTF-16 code units. */
export function firestoreLength(text: string): number {
  return text.length;
}
