/** An import file's text to what it holds: GPX here (the browser's DOMParser), the rest in shared. */
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES, type ReadContext, type ReadImport } from '@fit/shared/archive';
import { readGpx } from '@fit/shared/gpx';
import { readAnyImportFile } from '@fit/shared/import-file';

const looksLikeXml = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');

export async function readImportText(text: string, ctx: ReadContext): Promise<ReadImport> {
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  if (!looksLikeXml(text)) return readAnyImportFile(text, ctx);
  const { readGpxTrack } = await import('./gpx.ts');
  const read = readGpxTrack(text);
  return read.ok ? readGpx(read.track, ctx) : read;
}
