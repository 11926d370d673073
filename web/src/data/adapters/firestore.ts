/**
 * `LiveDocumentStore` over the Firebase SDK with its offline cache: `commit` settles when the server
 * confirms or refuses; reads answer from the server unless offline (syncedListeners). Paths are
 * checked first: an id Firestore would refuse, or an unpaired surrogate, fails with invalid-argument.
 */
import { docPathProblem, queryPathProblem } from '@fit/shared/doc-paths';
import { REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import {
  changesCheckedTime,
  type DocSnapshot,
  filterValue,
  isStoreErrorCode,
  type LiveDocumentStore,
  type QuerySpec,
  StoreError,
  splitDocPath,
  type Unsubscribe,
  type WriteOp,
} from '@fit/shared/store';
import type { FirebaseApp } from 'firebase/app';
import {
  clearIndexedDbPersistence,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  type DocumentSnapshot,
  deleteField,
  doc,
  documentId,
  type Firestore,
  getAggregateFromServer,
  getDoc,
  getDocFromServer,
  getDocs,
  getDocsFromServer,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Query,
  type QueryConstraint,
  type QuerySnapshot,
  query,
  startAfter,
  sum,
  terminate,
  waitForPendingWrites,
  where,
  writeBatch,
} from 'firebase/firestore';
import { browserOffline } from '../../sw/register.ts';
import type { AppConfig } from '../config.ts';

// The SDK never fails a listener for want of a server: it retries for ever and answers from its
// cache. So a first result must come from the server (or the browser says it is offline), and a
// read unanswered for a while asks the server directly, which the SDK fails at once when unreachable.
const PROBE_AFTER_MS = 1500;

/**
 * Whether a refused batch changed a time the rules check, against the server's copy read again (a
 * write whose copy cannot be read counts as changed): only then can the device clock be why.
 */
async function changedCheckedTime(db: Firestore, writes: readonly WriteOp[]): Promise<boolean> {
  for (const op of writes) {
    if (!changesCheckedTime(op, null)) continue;
    const stored = await getDocFromServer(doc(db, op.path)).then(
      (snap) => snap.data() ?? {},
      () => null,
    );
    if (changesCheckedTime(op, stored)) return true;
  }
  return false;
}

/** Firebase errors carry codes like 'permission-denied' (Firestore) or 'functions/not-found'. */
function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const raw = (error as { code?: unknown })?.code;
  const code = typeof raw === 'string' ? raw.replace(/^functions\//, '') : '';
  const message = error instanceof Error ? error.message : String(error);
  if (isStoreErrorCode(code)) return new StoreError(code, message);
  if (code === 'deadline-exceeded' || code === 'cancelled') return new StoreError('unavailable', message);
  return new StoreError('internal', message);
}

/** Settles like `work`, or fails as soon as `probe` (a server-only read) finds the server unreachable. */
function failFastWhenUnreachable<T>(work: Promise<T>, probe: () => Promise<unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      probe().catch((error: unknown) => {
        const storeError = toStoreError(error);
        if (storeError.code === 'unavailable') reject(storeError);
      });
    }, PROBE_AFTER_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

type Observer<S> = { next: (snap: S) => void; error: (error: unknown) => void };

/** Listeners under the first-result rule, and whether all of them are in sync with the server. */
function syncedListeners() {
  const inSync = new Map<symbol, boolean>();
  const watchers = new Set<(live: boolean) => void>();
  let live = false;
  const update = () => {
    const next = !browserOffline() && inSync.size > 0 && [...inSync.values()].every(Boolean);
    if (next === live) return;
    live = next;
    for (const watcher of watchers) watcher(live);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
  }

  function listenSynced<S extends { metadata: { fromCache: boolean } }>(
    start: (observer: Observer<S>) => Unsubscribe,
    probe: () => Promise<S>,
    onNext: (snap: S) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    const key = Symbol('listener');
    let answered = false;
    let stopped = false;
    let stop: Unsubscribe = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      if (stopped) return false;
      stopped = true;
      clearTimeout(timer);
      inSync.delete(key);
      update();
      stop();
      return true;
    };
    const next = (snap: S) => {
      if (stopped) return;
      inSync.set(key, !snap.metadata.fromCache);
      update();
      if (!answered && snap.metadata.fromCache && !browserOffline()) return;
      answered = true;
      onNext(snap);
    };
    const fail = (error: unknown) => {
      if (end()) onError(toStoreError(error));
    };
    inSync.set(key, false);
    update();
    try {
      stop = start({ next, error: fail });
    } catch (error) {
      queueMicrotask(() => fail(error)); // a refused path or a stopped instance throws at once
    }
    timer = setTimeout(() => {
      if (answered || stopped) return;
      probe().then(
        (snap) => answered || next(snap),
        (error: unknown) => answered || fail(error),
      );
    }, PROBE_AFTER_MS);
    return () => void end();
  }

  function watchLive(watcher: (live: boolean) => void): Unsubscribe {
    watchers.add(watcher);
    watcher(live);
    return () => watchers.delete(watcher);
  }

  return { listenSynced, watchLive };
}

function snapshotOf(snap: DocumentSnapshot): DocSnapshot | null {
  if (!snap.exists()) return null;
  const doc = { path: snap.ref.path, id: snap.id, data: snap.data() };
  return snap.metadata.hasPendingWrites ? { ...doc, pending: true } : doc;
}

const docsOf = (snaps: { docs: DocumentSnapshot[] }): DocSnapshot[] =>
  snaps.docs.map(snapshotOf).filter((snap): snap is DocSnapshot => snap !== null);

function toQuery(db: Firestore, spec: QuerySpec): Query {
  const base = spec.group ? collectionGroup(db, spec.collection) : collection(db, spec.collection);
  const constraints: QueryConstraint[] = [];
  for (const f of spec.where ?? [])
    constraints.push(
      where(
        f.field,
        f.op,
        filterValue(f, (path) => doc(db, path)),
      ),
    );
  for (const order of spec.orderBy ?? []) constraints.push(orderBy(order.field, order.direction));
  if (spec.startAfter) {
    // Ties break by document path (the port's promise): ordered explicitly so the cursor names it.
    constraints.push(orderBy(documentId(), spec.orderBy?.at(-1)?.direction ?? 'asc'));
    // documentId() takes the id in a collection query, the full path in a group query.
    const last = spec.group ? spec.startAfter.path : splitDocPath(spec.startAfter.path).id;
    constraints.push(startAfter(...spec.startAfter.values, last));
  }
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return query(base, ...constraints);
}

function refuse(problem: string | null): void {
  if (problem) throw new StoreError('invalid-argument', problem);
}

const checkDocPath = (path: string) => refuse(docPathProblem(path));
const checkQuery = (spec: QuerySpec) => refuse(queryPathProblem(spec));

/** `waitForPendingWrites` answers at once when no write waits: one unanswered this long means some do. */
const UNSENT_CHECK_MS = 1500;

export interface FirestoreStore extends LiveDocumentStore {
  deleteAccount(uid: string): Promise<void>;
  /** `terminate`: listeners, connection and the hold on the offline cache; later calls fail. */
  stop(): Promise<void>;
  /** Whether the SDK holds writes the server has not confirmed: this tab's, another's, an earlier load's. */
  hasUnsentWrites(): Promise<boolean>;
  /** Whether every running listener is in sync with the server (`false` offline or unreachable). */
  watchLive(listener: (live: boolean) => void): Unsubscribe;
}

const storeCall = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((error: unknown) => {
    throw toStoreError(error);
  });

/** The SDK's tabs mark unsent writes in localStorage, keyed by uid; erased writes leave theirs behind. */
function forgetUnsentWriteMarks(): void {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('firestore_mutations_')) localStorage.removeItem(key);
  } catch {
    // storage refused: the SDK could not have written them either
  }
}

async function callDeleteAccount(app: FirebaseApp, config: AppConfig) {
  const { connectFunctionsEmulator, getFunctions, httpsCallable } = await import('firebase/functions');
  const functions = getFunctions(app, config.functionsRegion);
  if (config.functionsEmulatorHost) {
    const [host = '127.0.0.1', port = '5001'] = config.functionsEmulatorHost.split(':');
    connectFunctionsEmulator(functions, host, Number(port));
  }
  return httpsCallable<{ uid: string }>(functions, 'deleteAccount');
}

/**
 * `eraseFirst`: the offline cache is not this person's (page-backend.ts), so
 * `clearIndexedDbPersistence` runs first in the instance's queue, once every tab lets go of it.
 */
export function createFirestoreStore(
  app: FirebaseApp,
  config: AppConfig,
  { eraseFirst = false }: { eraseFirst?: boolean } = {},
): FirestoreStore {
  const db = initializeFirestore(app, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  if (config.firestoreEmulatorHost) {
    const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }
  if (eraseFirst) {
    clearIndexedDbPersistence(db).then(forgetUnsentWriteMarks, (error: unknown) => {
      // The next signed-out page tries again.
      console.error('Could not erase the offline data this browser kept', error);
    });
  }
  let deleteCallable: ReturnType<typeof callDeleteAccount> | undefined; // Functions SDK on demand

  const { listenSynced, watchLive } = syncedListeners();

  return {
    get: (path) =>
      storeCall(async () => {
        checkDocPath(path);
        return snapshotOf(await (browserOffline() ? getDoc : getDocFromServer)(doc(db, path)));
      }),
    query: (spec) =>
      storeCall(async () => {
        checkQuery(spec);
        return docsOf(await (browserOffline() ? getDocs : getDocsFromServer)(toQuery(db, spec)));
      }),
    aggregate: (spec, aggregate) =>
      storeCall(async () => {
        // One aggregation per field: several in one query count only documents holding every field.
        checkQuery(spec);
        const fields = aggregate.sum ?? [];
        const q = toQuery(db, spec);
        const [counted, ...summed] = await failFastWhenUnreachable(
          Promise.all([
            getAggregateFromServer(q, { value: count() }),
            ...fields.map((field) => getAggregateFromServer(q, { value: sum(field) })),
          ]),
          () => getDocsFromServer(toQuery(db, { ...spec, limit: 1 })),
        );
        const sums: Record<string, number> = {};
        fields.forEach((field, index) => {
          const value = summed[index]?.data().value;
          sums[field] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
        });
        return { count: counted?.data().value ?? 0, sum: sums };
      }),
    commit: (writes) =>
      storeCall(async () => {
        for (const op of writes) checkDocPath(op.path);
        const batch = writeBatch(db);
        for (const op of writes) {
          const ref = doc(db, op.path);
          if (op.kind === 'set') batch.set(ref, op.data, { merge: op.merge === true });
          else if (op.kind === 'update')
            batch.update(ref, {
              ...op.data,
              ...Object.fromEntries((op.remove ?? []).map((f) => [f, deleteField()])),
            });
          else batch.delete(ref);
        }
        await batch.commit().catch(async (error: unknown) => {
          const refused = toStoreError(error);
          if (refused.code !== 'permission-denied') throw refused;
          throw new StoreError(refused.code, refused.message, await changedCheckedTime(db, writes));
        });
      }),
    // A refused path throws in `start`: listenSynced reports it through `onError`, later.
    listen: (spec, onNext, onError) =>
      listenSynced<QuerySnapshot>(
        (observer) => {
          checkQuery(spec);
          return onSnapshot(toQuery(db, spec), { includeMetadataChanges: true }, observer);
        },
        () => getDocsFromServer(toQuery(db, spec)),
        (snaps) => onNext(docsOf(snaps)),
        onError,
      ),
    listenDoc: (path, onNext, onError) =>
      listenSynced<DocumentSnapshot>(
        (observer) => {
          checkDocPath(path);
          return onSnapshot(doc(db, path), { includeMetadataChanges: true }, observer);
        },
        () => getDocFromServer(doc(db, path)),
        (snap) => onNext(snapshotOf(snap)),
        onError,
      ),
    stop: () => terminate(db),
    async deleteAccount(uid) {
      deleteCallable ??= callDeleteAccount(app, config);
      const callable = await deleteCallable;
      await callable({ uid }).catch((error: unknown) => {
        const storeError = toStoreError(error);
        if (!storeError.message.includes(REQUIRES_RECENT_LOGIN)) throw storeError;
        throw new StoreError('failed-precondition', REQUIRES_RECENT_LOGIN);
      });
    },
    watchLive,
    hasUnsentWrites() {
      // A write refused meanwhile is not waiting any more, but others may be: still unknown.
      const settled = waitForPendingWrites(db).then(
        () => false,
        () => true,
      );
      return Promise.race([
        settled,
        new Promise<boolean>((resolve) => setTimeout(resolve, UNSENT_CHECK_MS, true)),
      ]);
    },
  };
}
