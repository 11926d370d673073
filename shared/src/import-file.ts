/**
 * Reading any file the import takes: a FitTrack archive or CSV (archive.ts), or another app's
 * export recognised from its header (Strava's activities.csv, Hevy's workouts.csv). Pure: the
 * caller reads the file and passes its text.
 */
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  type ReadContext,
  type ReadImport,
  readImportFile,
} from './archive.ts';
import { parseCsv } from './csv.ts';
import { hevyColumns, readHevy } from './hevy.ts';
import { readStrava, stravaColumns } from './strava.ts';

export function readAnyImportFile(text: string, ctx: ReadContext): ReadImport {
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  const body = text.replace(/^\uFEFF/, '');
  // ';' as well, as for FitTrack's own CSVs: a spreadsheet in a decimal-comma locale saves so.
  for (const delimiter of body.trimStart().startsWith('{') ? [] : ([',', ';'] as const)) {
    const parsed = parseCsv(body, delimiter);
    const [header, ...rows] = parsed.ok ? parsed.rows : [];
    if (header) {
      const strava = stravaColumns(header.cells);
      if (strava) return nothingOr(readStrava(rows, strava, ctx, delimiter === ';'));
      const hevy = hevyColumns(header.cells);
      if (hevy) return nothingOr(readHevy(rows, hevy, ctx));
    }
  }
  return readImportFile(text, ctx);
}

/** A header and no rows is a file with nothing to import, as for FitTrack's own CSVs. */
function nothingOr(read: ReadImport): ReadImport {
  if (read.ok && read.source.activities.length === 0 && read.source.refused.length === 0)
    return { ok: false, message: IMPORT_MESSAGES.nothing };
  return read;
}
