import { describe, expect, it } from 'vitest';
import { BOM, formatCsv, guardCell, parseCsv, unguardCell } from '../src/csv.ts';

function cellsOf(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows.map((r) => r.cells);
}

describe('parseCsv with another delimiter', () => {
  it('splits on it, keeps commas as text, and quotes work the same', () => {
    const parsed = parseCsv('a;"b;c";d,e\r\n1;"x ""y""";2,5\r\n', ';');
    expect(parsed.ok && parsed.rows.map((r) => r.cells)).toEqual([
      ['a', 'b;c', 'd,e'],
      ['1', 'x "y"', '2,5'],
    ]);
  });
});

describe('formatCsv', () => {
  it('starts with a BOM, ends every row with CRLF, quotes commas, quotes and line breaks', () => {
    const text = formatCsv([
      ['a', 'b,c', 'say "hi"', 'two\nlines', ' edge '],
      [1, 2.5, null, undefined, ''],
    ]);
    expect(text).toBe(`${BOM}a,"b,c","say ""hi""","two\nlines"," edge "\r\n1,2.5,,,\r\n`);
  });

  it('defuses cells a spreadsheet would run as formulas, and only text cells', () => {
    for (const evil of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])
      expect(guardCell(evil)).toBe(`'${evil}`);
    expect(guardCell(-5)).toBe('-5');
    expect(guardCell('Bench Press')).toBe('Bench Press');
    expect(guardCell(Number.NaN)).toBe('');
  });

  it('round-trips any text, formula-looking or not, through parse + unguard', () => {
    const nasty = [
      '=cmd|" /C calc"!A0',
      'a,b',
      '"',
      '""',
      'x\r\ny',
      '-',
      "'already",
      "'=kept",
      'ünïcødé 💪',
      '',
    ];
    const parsed = cellsOf(formatCsv([nasty]));
    expect(parsed[0]?.map(unguardCell)).toEqual(nasty);
  });
});

describe('parseCsv', () => {
  it('takes BOM, CRLF, LF and CR line ends and skips blank lines', () => {
    expect(cellsOf(`${BOM}a,b\r\n1,2\n\n3,4\r5,6`)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('gives each row the line it starts on, counting line breaks inside quotes', () => {
    const parsed = parseCsv('h\n"multi\nline",x\nlast');
    expect(parsed.ok && parsed.rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('refuses a quote left open and text after a closing quote, naming the line', () => {
    expect(parseCsv('a,b\n"never closed,1\n2')).toEqual({
      ok: false,
      line: 2,
      message: 'Line 2: a quoted field is never closed.',
    });
    const after = parseCsv('a\n"x"y');
    expect(after.ok).toBe(false);
    expect(!after.ok && after.message).toBe('Line 2: unexpected text after a closing quote.');
    expect(cellsOf('a\nb"c,=HYPERLINK("x")')).toEqual([['a'], ['b"c', '=HYPERLINK("x")']]);
  });

  it('keeps empty fields and a trailing empty field', () => {
    expect(cellsOf('a,,c,\n')).toEqual([['a', '', 'c', '']]);
    expect(cellsOf('""')).toEqual([['']]);
  });

  it('parses 10,000 rows quickly enough to stay inside a test', () => {
    const text = `h1,h2\r\n${'x,"y,z"\r\n'.repeat(10_000)}`;
    const parsed = parseCsv(text);
    expect(parsed.ok && parsed.rows.length).toBe(10_001);
  });

  it('unguardCell strips only a guard it could have added', () => {
    expect(unguardCell("'=1")).toBe('=1');
    expect(unguardCell("'-5")).toBe('-5');
    expect(unguardCell("'hello")).toBe("'hello");
    expect(unguardCell('=1')).toBe('=1');
    expect(unguardCell("''=1")).toBe("'=1");
  });
});
