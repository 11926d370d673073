/**
 * Every path is checked before anything is sent: an id Firestore would refuse, or one holding an
 * unpaired surrogate (stored under another path by the SDK), fails with invalid-argument here.
 */
import { docPathProblem, queryPathProblem } from '@fit/shared/doc-paths';
import { type LiveDocumentStore, type QuerySpec, StoreError, type Unsubscribe } from '@fit/shared/store';

function refuse(problem: string | null): void {
  if (problem) throw new StoreError('invalid-argument', problem);
}

export const checkDocPath = (path: string) => refuse(docPathProblem(path));
export const checkQuery = (spec: QuerySpec) => refuse(queryPathProblem(spec));

type Listens = Pick<LiveDocumentStore, 'listen' | 'listenDoc'>;

/** Listens that open only once their path passes; a refusal arrives later through `onError`. */
export function checkedListens(open: Listens): Listens {
  const checked = (problem: string | null, start: () => Unsubscribe, onError: (e: StoreError) => void) => {
    if (!problem) return start();
    let active = true;
    queueMicrotask(() => active && onError(new StoreError('invalid-argument', problem)));
    return () => {
      active = false;
    };
  };
  return {
    listen: (spec, onNext, onError) =>
      checked(queryPathProblem(spec), () => open.listen(spec, onNext, onError), onError),
    listenDoc: (path, onNext, onError) =>
      checked(docPathProblem(path), () => open.listenDoc(path, onNext, onError), onError),
  };
}
