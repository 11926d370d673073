/**
 * What a page's browser keeps of a person: Firestore's offline cache in IndexedDB, and the two
 * storage areas. Read in the page, for the journeys that check that nothing of them is left.
 */
import type { Page } from 'playwright-core';

/** The names of this origin's Firestore databases in IndexedDB (the SDK's offline cache). */
export const firestoreDatabases = (p: Page) =>
  p.evaluate(async () =>
    (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith('firestore/')),
  );

/**
 * How many entries of `p`'s Firestore cache (every object store, keys and values) mention `needle`:
 * a person's uid is in their documents' paths, their queries and their write queue. -1: a database
 * could not be opened within 5 s (a deletion still waits for a connection to close).
 */
export const cacheMentions = (p: Page, needle: string) =>
  p.evaluate(async (needle) => {
    const ask = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let count = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('firestore/')) continue;
      const request = indexedDB.open(name);
      // Deleted meanwhile: opening would create it again, empty. Not this reader's to create.
      request.onupgradeneeded = () => request.transaction?.abort();
      // An open waits behind a deletion that waits for another connection: -1 says so.
      const blocked = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000));
      const db = await Promise.race([ask(request).catch(() => null), blocked]);
      if (db === 'blocked') return -1;
      if (!db) continue;
      for (const store of [...db.objectStoreNames]) {
        const objects = db.transaction(store).objectStore(store);
        for (const entry of [...(await ask(objects.getAll())), ...(await ask(objects.getAllKeys()))])
          if (JSON.stringify(entry)?.includes(needle)) count++;
      }
      db.close(); // an open connection would hold up the SDK's own deletion
    }
    return count;
  }, needle);

/** Every key of both storage areas in `p` whose key or value mentions `needle`. */
export const storageMentions = (p: Page, needle: string) =>
  p.evaluate(
    (needle) =>
      [localStorage, sessionStorage].flatMap((area) =>
        Object.keys(area).filter((key) => `${key}=${area.getItem(key)}`.includes(needle)),
      ),
    needle,
  );
