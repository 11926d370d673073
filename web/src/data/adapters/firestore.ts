/**
 * `LiveDocumentStore` over the Firebase SDK (loaded on demand, so the sign-in pages never ship
 * Firestore). Uses the persistent offline cache: a write made offline is queued by the SDK, shown
 * at once by every listener, and `commit` settles as the SDK's own commit does: when the server
 * confirms it, or refuses it. How long a save may wait before it counts as waiting to sync is the
 * save's business (data/save.ts), not the store's.
 *
 * How a section learns that a load failed: the SDK never fails a listener for want of a server (it
 * retries for ever and, once it believes it is offline, answers from its cache: for a query it
 * has never run, an empty list that reads as "no data"). So a listener's first result is its
 * first snapshot confirmed by the server; a cached one is held back (unless the browser itself
 * says it is offline: then the cache is the best there is, and the offline notice says why). A
 * listener unconfirmed after PROBE_AFTER_MS reads its target once from the server only, which the
 * SDK fails at once once it has found the server unreachable: the section then shows its failure
 * message in a few seconds. A server that never answers at all (paused) leaves the load to its
 * time limit (`load-limits.ts`), which ends in the same message. One-shot reads ask the server for the same reason (the cache only
 * when the browser is offline). After the first result every snapshot passes (TanStack Query's
 * structural sharing makes a metadata-only one a no-op), and whether the latest snapshots come
 * from the server is what `watchLive` reports.
 */
import { REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import {
  type AggregateResult,
  type DocSnapshot,
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
import { checkDocPath, checkedListens, checkQuery, checkWrites } from './path-checks.ts';

/**
 * `waitForPendingWrites` answers at once (one IndexedDB read) when no write waits; one unanswered
 * this long means some do (offline it answers only once they have reached the server).
 */
const UNSENT_CHECK_MS = 1500;

/** A read unanswered this long asks whether the server is reachable at all (see below). */
const PROBE_AFTER_MS = 1500;

/** Firebase errors carry codes like 'permission-denied' (Firestore) or 'functions/not-found'. */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const raw = (error as { code?: unknown })?.code;
  const code = typeof raw === 'string' ? raw.replace(/^functions\//, '') : '';
  const message = error instanceof Error ? error.message : String(error);
  if (isStoreErrorCode(code)) return new StoreError(code, message);
  if (code === 'deadline-exceeded' || code === 'cancelled') return new StoreError('unavailable', message);
  return new StoreError('internal', message);
}

function snapshotOf(snap: DocumentSnapshot): DocSnapshot | null {
  if (!snap.exists()) return null;
  const doc = { path: snap.ref.path, id: snap.id, data: snap.data() };
  return snap.metadata.hasPendingWrites ? { ...doc, pending: true } : doc;
}

export interface FirestoreStore extends LiveDocumentStore {
  deleteAccount(): Promise<void>;
  /**
   * Stops this instance (`terminate`): its listeners, its connection and its hold on the offline
   * cache. Calls afterwards fail as loads do (`failed-precondition`); the next session makes a new one.
   */
  stop(): Promise<void>;
  /** Whether the SDK holds writes the server has not confirmed: this tab's, another's, an earlier load's. */
  hasUnsentWrites(): Promise<boolean>;
  /** Whether every running listener is in sync with the server (`false` offline or unreachable). */
  watchLive(listener: (live: boolean) => void): Unsubscribe;
}

/**
 * The SDK's tabs tell each other about unsent writes in localStorage, under keys ending in the
 * writer's uid (`firestore_mutations_<database>_<batch>_<uid>`), removed as each write reaches the
 * server. Writes erased with the cache (Logout anyway) never do: their keys go with the cache.
 */
function forgetUnsentWriteMarks(): void {
  try {
    const keys = Object.keys(localStorage).filter((key) => key.startsWith('firestore_mutations_'));
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage refused: the SDK could not have written them either
  }
}

/**
 * `eraseFirst`: the offline cache in this browser is not the person's to use (see
 * data/page-backend.ts) and is deleted before anything else runs on this instance:
 * `clearIndexedDbPersistence` goes first in the instance's queue, ahead of its start, and the
 * other tabs' instances let go of the database when its deletion asks them to (the SDK stops
 * them). The deletion waits for that, however long; nothing of this instance runs before it.
 */
export function createFirestoreStore(
  app: FirebaseApp,
  config: AppConfig,
  { eraseFirst = false }: { eraseFirst?: boolean } = {},
): FirestoreStore {
  const db: Firestore = initializeFirestore(app, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  if (config.firestoreEmulatorHost) {
    const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }
  if (eraseFirst) {
    clearIndexedDbPersistence(db).then(forgetUnsentWriteMarks, (error: unknown) => {
      // Nothing the person can do about it here; the next signed-out page tries again.
      console.error('Could not erase the offline data this browser kept', error);
    });
  }

  // The Functions SDK loads only when someone deletes their account.
  let deleteCallable: Promise<() => Promise<unknown>> | undefined;
  async function loadDeleteCallable(): Promise<() => Promise<unknown>> {
    const { connectFunctionsEmulator, getFunctions, httpsCallable } = await import('firebase/functions');
    const functions = getFunctions(app, config.functionsRegion);
    if (config.functionsEmulatorHost) {
      const [host = '127.0.0.1', port = '5001'] = config.functionsEmulatorHost.split(':');
      connectFunctionsEmulator(functions, host, Number(port));
    }
    const call = httpsCallable(functions, 'deleteAccount');
    return () => call();
  }

  function toQuery(spec: QuerySpec): Query {
    const base = spec.group ? collectionGroup(db, spec.collection) : collection(db, spec.collection);
    const constraints: QueryConstraint[] = [];
    for (const filter of spec.where ?? []) constraints.push(where(filter.field, filter.op, filter.value));
    for (const order of spec.orderBy ?? []) constraints.push(orderBy(order.field, order.direction));
    if (spec.startAfter) {
      // Ties are broken by document path, as the port promises: order by it explicitly (same index as
      // Firestore's implicit tiebreak) so the cursor can name the last document seen.
      const direction = spec.orderBy?.at(-1)?.direction ?? 'asc';
      constraints.push(orderBy(documentId(), direction));
      // documentId() takes the document's id in a collection query, its full path in a group query.
      const last = spec.group ? spec.startAfter.path : splitDocPath(spec.startAfter.path).id;
      constraints.push(startAfter(...spec.startAfter.values, last));
    }
    if (spec.limit !== undefined) constraints.push(limit(spec.limit));
    return query(base, ...constraints);
  }

  const docsOf = (snaps: { docs: DocumentSnapshot[] }): DocSnapshot[] =>
    snaps.docs.map((snap) => snapshotOf(snap)).filter((snap): snap is DocSnapshot => snap !== null);

  // Which running listeners' latest snapshot came from the server (see the header comment).
  const inSync = new Map<symbol, boolean>();
  const liveListeners = new Set<(live: boolean) => void>();
  let live = false;
  const updateLive = () => {
    const next = !browserOffline() && inSync.size > 0 && [...inSync.values()].every(Boolean);
    if (next === live) return;
    live = next;
    for (const listener of liveListeners) listener(live);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', updateLive);
    window.addEventListener('offline', updateLive);
  }

  /**
   * Settles like `work`, except that a read still unanswered after PROBE_AFTER_MS asks the server
   * once more (`probe`, a server-only read): the SDK fails that at once with `unavailable` when it
   * has found the server unreachable, so the load fails in seconds instead of at its time limit.
   * Healthy reads answer before the probe (it costs a read only when the server is slow).
   */
  function failFastWhenUnreachable<T>(work: Promise<T>, probe: () => Promise<unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        probe().catch((error: unknown) => {
          const storeError = toStoreError(error);
          if (!settled && storeError.code === 'unavailable') {
            settled = true;
            reject(storeError);
          }
        });
      }, PROBE_AFTER_MS);
      work.then(
        (value) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(error);
        },
      );
    });
  }

  /**
   * Wraps `onSnapshot` with the first-result rule and the in-sync bookkeeping. `probe` reads the
   * same target from the server only (see `failFastWhenUnreachable`): its result answers the
   * listener, its `unavailable` fails it.
   */
  function listenSynced<S extends { metadata: { fromCache: boolean } }>(
    start: (observer: { next: (snap: S) => void; error: (error: unknown) => void }) => Unsubscribe,
    probe: () => Promise<S>,
    onNext: (snap: S) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    const key = Symbol('listener');
    let answered = false;
    let stopped = false;
    inSync.set(key, false);
    updateLive();
    const next = (snap: S) => {
      if (stopped) return;
      inSync.set(key, !snap.metadata.fromCache);
      updateLive();
      if (!answered && snap.metadata.fromCache && !browserOffline()) return;
      answered = true;
      onNext(snap);
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      stopped = true;
      inSync.delete(key);
      updateLive();
      stop();
      onError(toStoreError(error));
    };
    let stop: Unsubscribe = () => {};
    try {
      stop = start({ next, error: fail });
    } catch (error) {
      // A stopped instance throws at once (its session ended while a page was still asking).
      queueMicrotask(() => fail(error));
    }
    const timer = setTimeout(() => {
      if (answered || stopped) return;
      probe().then(
        (snap) => {
          if (!answered) next(snap);
        },
        (error: unknown) => {
          if (!answered) fail(error);
        },
      );
    }, PROBE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (stopped) return;
      stopped = true;
      inSync.delete(key);
      updateLive();
      stop();
    };
  }

  return {
    async get(path) {
      checkDocPath(path);
      try {
        return snapshotOf(await (browserOffline() ? getDoc : getDocFromServer)(doc(db, path)));
      } catch (error) {
        throw toStoreError(error);
      }
    },
    async query(spec) {
      checkQuery(spec);
      try {
        return docsOf(await (browserOffline() ? getDocs : getDocsFromServer)(toQuery(spec)));
      } catch (error) {
        throw toStoreError(error);
      }
    },
    async aggregate(spec, aggregate): Promise<AggregateResult> {
      // One aggregation per field: a Firestore query with several aggregations only counts the
      // documents that have every aggregated field (Running has no `count`, Leg Curl no `time`),
      // while the port promises that a missing field adds 0 and that count counts every match.
      checkQuery(spec);
      const fields = aggregate.sum ?? [];
      const query = toQuery(spec);
      try {
        const [counted, ...summed] = await failFastWhenUnreachable(
          Promise.all([
            getAggregateFromServer(query, { value: count() }),
            ...fields.map((field) => getAggregateFromServer(query, { value: sum(field) })),
          ]),
          () => getDocsFromServer(toQuery({ ...spec, limit: 1 })),
        );
        const sums: Record<string, number> = {};
        fields.forEach((field, index) => {
          const value = summed[index]?.data().value;
          sums[field] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
        });
        return { count: counted?.data().value ?? 0, sum: sums };
      } catch (error) {
        throw toStoreError(error);
      }
    },
    async commit(writes: readonly WriteOp[]) {
      checkWrites(writes);
      const batch = writeBatch(db);
      for (const op of writes) {
        const ref = doc(db, op.path);
        if (op.kind === 'set') batch.set(ref, op.data, { merge: op.merge === true });
        else if (op.kind === 'update') batch.update(ref, op.data);
        else batch.delete(ref);
      }
      try {
        await batch.commit();
      } catch (error) {
        throw toStoreError(error);
      }
    },
    ...checkedListens({
      listen: (spec, onNext, onError) =>
        listenSynced<QuerySnapshot>(
          (observer) => onSnapshot(toQuery(spec), { includeMetadataChanges: true }, observer),
          () => getDocsFromServer(toQuery(spec)),
          (snaps) => onNext(docsOf(snaps)),
          onError,
        ),
      listenDoc: (path, onNext, onError) =>
        listenSynced<DocumentSnapshot>(
          (observer) => onSnapshot(doc(db, path), { includeMetadataChanges: true }, observer),
          () => getDocFromServer(doc(db, path)),
          (snap) => onNext(snapshotOf(snap)),
          onError,
        ),
    }),
    stop: () => terminate(db),
    async deleteAccount() {
      deleteCallable ??= loadDeleteCallable();
      const callable = await deleteCallable;
      try {
        await callable();
      } catch (error) {
        const storeError = toStoreError(error);
        if (storeError.message.includes(REQUIRES_RECENT_LOGIN)) {
          throw new StoreError('failed-precondition', REQUIRES_RECENT_LOGIN);
        }
        throw storeError;
      }
    },
    watchLive(listener) {
      liveListeners.add(listener);
      listener(live);
      return () => liveListeners.delete(listener);
    },
    async hasUnsentWrites() {
      let none = false;
      const settled = waitForPendingWrites(db).then(
        () => {
          none = true;
        },
        () => {}, // a write refused meanwhile is not waiting any more, but others may be: ask
      );
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, UNSENT_CHECK_MS))]);
      return !none;
    },
  };
}
