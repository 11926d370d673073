/**
 * The Firestore adapter checks every path before anything is sent (`@fit/shared/doc-paths`): an id
 * Firestore would refuse, or one holding an unpaired surrogate (which the SDK would store under
 * another path), fails here with invalid-argument instead of reaching the server.
 */
import { docPathProblem, queryPathProblem } from '@fit/shared/doc-paths';
import {
  type LiveDocumentStore,
  type QuerySpec,
  StoreError,
  type Unsubscribe,
  type WriteOp,
} from '@fit/shared/store';

export function checkDocPath(path: string): void {
  const problem = docPathProblem(path);
  if (problem) throw new StoreError('invalid-argument', problem);
}

export function checkQuery(spec: QuerySpec): void {
  const problem = queryPathProblem(spec);
  if (problem) throw new StoreError('invalid-argument', problem);
}

export function checkWrites(writes: readonly WriteOp[]): void {
  for (const op of writes) checkDocPath(op.path);
}

/**
 * A listen whose path is refused: the error arrives through `onError` like any refusal from the
 * backend (asynchronously, so callers see the same order of events), and nothing is opened.
 */
function refusedListen(error: unknown, onError: (error: StoreError) => void): Unsubscribe {
  let active = true;
  queueMicrotask(() => {
    if (active)
      onError(error instanceof StoreError ? error : new StoreError('invalid-argument', String(error)));
  });
  return () => {
    active = false;
  };
}

type Listens = Pick<LiveDocumentStore, 'listen' | 'listenDoc'>;

/**
 * A backend's listens behind the path checks: each opens only once its path passes; a refused one
 * reports the refusal through `onError` and opens nothing.
 */
export function checkedListens(open: Listens): Listens {
  const checked = (check: () => void, start: () => Unsubscribe, onError: (error: StoreError) => void) => {
    try {
      check();
    } catch (error) {
      return refusedListen(error, onError);
    }
    return start();
  };
  return {
    listen: (spec, onNext, onError) =>
      checked(
        () => checkQuery(spec),
        () => open.listen(spec, onNext, onError),
        onError,
      ),
    listenDoc: (path, onNext, onError) =>
      checked(
        () => checkDocPath(path),
        () => open.listenDoc(path, onNext, onError),
        onError,
      ),
  };
}
