// Documents and accounts kept across restarts, in the emulators' own export format (what
// `firebase emulators:start --import` reads). The folder `<dataDir>/export` is replaced whole:
// each export is written beside it and swapped in by two renames, so a crash at any moment
// leaves a complete export (`export` or, between the renames, `export.previous`).
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FIRESTORE_METADATA = 'firestore_export/firestore_export.overall_export_metadata';

/** The export to import at start, if any: its folder, and the Firestore metadata file in it. */
export function importPaths(dataDir) {
  const current = join(dataDir, 'export');
  const previous = join(dataDir, 'export.previous');
  if (!existsSync(current) && existsSync(previous)) renameSync(previous, current);
  if (!existsSync(join(current, 'firebase-export-metadata.json'))) return {};
  const firestore = join(current, FIRESTORE_METADATA);
  return { dir: current, firestore: existsSync(firestore) ? firestore : undefined };
}

async function fetchText(url, init) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/**
 * Exports on demand and every `ms`, one at a time; `stop()` waits for a running one, then makes the
 * last. Accounts come from the Auth emulator's admin API, documents from Firestore's export endpoint.
 * @param {{ dataDir: string, projectId: string, hosts: { firestore: string, auth: string }, log: (line: string) => void }} o
 */
export function createExporter(o) {
  mkdirSync(o.dataDir, { recursive: true });
  const owner = { authorization: 'Bearer owner' };
  let running = Promise.resolve();
  let busy = false;
  let timer;

  const exportOnce = async () => {
    const next = join(o.dataDir, `export.next-${process.pid}`);
    rmSync(next, { recursive: true, force: true });
    mkdirSync(join(next, 'auth_export'), { recursive: true });
    await fetchText(`http://${o.hosts.firestore}/emulator/v1/projects/${o.projectId}:export`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({
        database: `projects/${o.projectId}/databases/(default)`,
        export_directory: next,
        export_name: 'firestore_export',
      }),
    });
    const auth = `http://${o.hosts.auth}`;
    const accounts = await fetchText(
      `${auth}/identitytoolkit.googleapis.com/v1/projects/${o.projectId}/accounts:batchGet?maxResults=-1`,
      { headers: owner },
    );
    const config = await fetchText(`${auth}/emulator/v1/projects/${o.projectId}/config`, { headers: owner });
    writeFileSync(join(next, 'auth_export', 'accounts.json'), accounts);
    writeFileSync(join(next, 'auth_export', 'config.json'), config);
    writeFileSync(
      join(next, 'firebase-export-metadata.json'),
      JSON.stringify({
        version: 'fittrack',
        firestore: { version: 'fittrack', path: 'firestore_export', metadata_file: FIRESTORE_METADATA },
        auth: { version: 'fittrack', path: 'auth_export' },
      }),
    );
    const current = join(o.dataDir, 'export');
    const previous = join(o.dataDir, 'export.previous');
    rmSync(previous, { recursive: true, force: true });
    if (existsSync(current)) renameSync(current, previous);
    renameSync(next, current);
    rmSync(previous, { recursive: true, force: true });
  };

  const exportNow = () => {
    busy = true;
    running = running
      .catch(() => {})
      .then(exportOnce)
      .finally(() => {
        busy = false;
      });
    return running;
  };

  return {
    exportNow,
    every(ms) {
      timer = setInterval(() => {
        if (busy) return; // a slow export is not queued behind itself
        exportNow().catch((error) => o.log(`Export to ${o.dataDir} failed: ${error.message}`));
      }, ms);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await exportNow();
    },
  };
}
