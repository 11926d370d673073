/**
 * `LiveDocumentStore` over the Firebase SDK (Firebase mode only; loaded on demand so local mode never
 * ships Firestore). Uses the persistent offline cache: a write made offline is queued by the SDK and
 * `commit` resolves once it is accepted locally, counted as pending until the server confirms it, so
 * the UI shows it as pending and never as a failure.
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
  getDocs,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Query,
  type QueryConstraint,
  query,
  startAfter,
  sum,
  where,
  writeBatch,
} from 'firebase/firestore';
import { browserOffline } from '../../sw/register.ts';
import type { AppConfig } from '../config.ts';
import { checkDocPath, checkedListen, checkQuery, checkWrites } from './path-checks.ts';

/**
 * How long an online write may take to be confirmed before the top bar shows it as waiting to sync:
 * a warm connection confirms in well under a second, the first write of a session (stream and token
 * set-up) in one to two on a busy machine; longer means the network is not delivering it.
 */
const PENDING_AFTER_MS = 3000;

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
  /** Writes accepted locally but not yet confirmed by the server. */
  watchPendingWrites(listener: (pending: number) => void): Unsubscribe;
}

export function createFirestoreStore(app: FirebaseApp, config: AppConfig): FirestoreStore {
  const db: Firestore = initializeFirestore(app, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  if (config.firestoreEmulatorHost) {
    const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }

  let pending = 0;
  const pendingListeners = new Set<(pending: number) => void>();
  const setPending = (delta: number) => {
    pending += delta;
    for (const listener of pendingListeners) listener(pending);
  };

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

  /** Resolves when the write is confirmed, or at once when the browser is offline (queued locally). */
  function acceptedLocally(confirmed: Promise<void>): Promise<void> {
    if (!browserOffline()) return confirmed;
    confirmed.catch((error: unknown) => console.error('A queued write was refused by the server', error));
    return Promise.resolve();
  }

  return {
    async get(path) {
      checkDocPath(path);
      try {
        return snapshotOf(await getDoc(doc(db, path)));
      } catch (error) {
        throw toStoreError(error);
      }
    },
    async query(spec) {
      checkQuery(spec);
      try {
        return docsOf(await getDocs(toQuery(spec)));
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
        const [counted, ...summed] = await Promise.all([
          getAggregateFromServer(query, { value: count() }),
          ...fields.map((field) => getAggregateFromServer(query, { value: sum(field) })),
        ]);
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
      // Counted as waiting to sync only when it is: at once when offline, else once the server has
      // not confirmed it within PENDING_AFTER_MS (an online write confirms in a fraction of that, and
      // counting it at once flashed "Saved offline, syncing…" on every write).
      let counted = false;
      const count = () => {
        if (!counted) setPending(1);
        counted = true;
      };
      const offline = browserOffline();
      if (offline) count();
      const timer = offline ? undefined : setTimeout(count, PENDING_AFTER_MS);
      const confirmed = batch.commit().finally(() => {
        clearTimeout(timer);
        if (counted) setPending(-1);
      });
      try {
        await acceptedLocally(confirmed);
      } catch (error) {
        throw toStoreError(error);
      }
    },
    listen(spec, onNext, onError) {
      return checkedListen(
        () => checkQuery(spec),
        () =>
          onSnapshot(
            toQuery(spec),
            // Metadata changes too: the server's confirmation of a write made here changes no data,
            // only `pending` (hasPendingWrites), which the lists show as waiting to sync.
            { includeMetadataChanges: true },
            (snaps) => onNext(docsOf(snaps)),
            (error) => onError(toStoreError(error)),
          ),
        onError,
      );
    },
    listenDoc(path, onNext, onError) {
      return checkedListen(
        () => checkDocPath(path),
        () =>
          onSnapshot(
            doc(db, path),
            (snap) => onNext(snapshotOf(snap)),
            (error) => onError(toStoreError(error)),
          ),
        onError,
      );
    },
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
    watchPendingWrites(listener) {
      pendingListeners.add(listener);
      listener(pending);
      return () => pendingListeners.delete(listener);
    },
  };
}
