/** The build's files on disk, for the plugins that run once the whole build is written. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, recursively, as paths joined to `dir`. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
