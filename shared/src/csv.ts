/**
 * CSV as RFC 4180 writes it and spreadsheets read it: fields with a comma, a quote, a line break
 * or edge spaces are quoted (quotes doubled); lines end in CRLF; a UTF-8 BOM lets Excel pick the
 * encoding. The parser takes what spreadsheets save back: BOM, CRLF / LF / CR line ends, quoted
 * fields spanning lines.
 *
 * Formula injection: a text cell starting with = + - @ (or a tab / carriage return) would run as a
 * formula when the file is opened in a spreadsheet, so `formatCsv` prefixes it with an apostrophe
 * (OWASP's advice) and `unguardCell` takes that apostrophe off again on import. Numbers are written
 * as numbers and never guarded (a negative number is not a formula).
 */

export const BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a cell as a formula; apostrophes before them are guarded
 * too, so that a text really starting with "'=" survives the round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell `formatCsv` guarded: an apostrophe added before what would have started a formula. */
const GUARDED = /^'+[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** The text a spreadsheet shows for a cell, with a formula-looking text defused. */
export function guardCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Undoes `guardCell` for a text read back from a file. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

function quoteField(text: string): string {
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: BOM first, CRLF after every row, every text cell guarded and quoted as needed. */
export function formatCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map((cell) => quoteField(guardCell(cell))).join(',')}\r\n`).join('');
}

export interface CsvRow {
  /** 1-based line of the file where the row starts (a quoted field may span lines). */
  readonly line: number;
  readonly cells: string[];
}

export type CsvParse = { ok: true; rows: CsvRow[] } | { ok: false; line: number; message: string };

/**
 * CSV text to rows (cells as raw text: no trimming, no unguarding). Blank lines are skipped. The
 * delimiter is ',' or ';' (what spreadsheets save in locales whose decimal separator is a comma).
 * Fails on a quote left open at the end of the file or text right after a closing quote; a quote
 * in the middle of an unquoted field is kept as text.
 */
export function parseCsv(input: string, delimiter: ',' | ';' = ','): CsvParse {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quotedField = false;

  const endRow = () => {
    cells.push(field);
    // A line with nothing on it is skipped (a trailing newline, a blank line between rows).
    if (!(cells.length === 1 && cells[0] === '' && !quotedField)) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
    quotedField = false;
  };

  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '"' && field === '' && !quotedField) {
      // A quoted field: up to the next lone quote; "" is one quote; line breaks are part of it.
      quotedField = true;
      const startLine = line;
      i++;
      for (;;) {
        if (i >= text.length)
          return {
            ok: false,
            line: startLine,
            message: `Line ${startLine}: a quoted field is never closed.`,
          };
        const q = text.charAt(i);
        if (q === '"') {
          if (text.charAt(i + 1) === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\r' || q === '\n') {
          if (q === '\r' && text.charAt(i + 1) === '\n') {
            field += '\r';
            i++;
          }
          line++;
        }
        field += text.charAt(i);
        i++;
      }
      const after = text.charAt(i);
      if (i < text.length && after !== delimiter && after !== '\r' && after !== '\n')
        return { ok: false, line, message: `Line ${line}: unexpected text after a closing quote.` };
      continue;
    }
    if (c === delimiter) {
      cells.push(field);
      field = '';
      quotedField = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    // A quote inside an unquoted field (`5" plate`) is taken literally, as spreadsheets do.
    field += c;
    i++;
  }
  if (field !== '' || cells.length > 0 || quotedField) endRow();
  return { ok: true, rows };
}
