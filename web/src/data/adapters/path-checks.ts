/**
 * Both adapters check every path before anything is sent (`@fit/shared/doc-paths`, the checker the
 * local server uses too): an id Firestore would refuse, or one holding an unpaired surrogate (which
 * the SDK and SQLite would store under another path), fails here with invalid-argument.
 */
import { docPathProblem, queryPathProblem } from '@fit/shared/doc-paths';
import { type QuerySpec, StoreError, type Unsubscribe, type WriteOp } from '@fit/shared/store';

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
export function refusedListen(error: unknown, onError: (error: StoreError) => void): Unsubscribe {
  let active = true;
  queueMicrotask(() => {
    if (active)
      onError(error instanceof StoreError ? error : new StoreError('invalid-argument', String(error)));
  });
  return () => {
    active = false;
  };
}

/** Runs `open` once the paths pass `check`; otherwise reports the refusal and opens nothing. */
export function checkedListen(
  check: () => void,
  open: () => Unsubscribe,
  onError: (error: StoreError) => void,
): Unsubscribe {
  try {
    check();
  } catch (error) {
    return refusedListen(error, onError);
  }
  return open();
}
