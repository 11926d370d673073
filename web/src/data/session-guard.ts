/**
 * One place that ends a session the backend no longer accepts: every store call and live stream of
 * the signed-in pages goes through this wrapper, which signs the person out (the guards then send
 * them to /login) when a failure means the token expired or was revoked. Screens still show their
 * own message for the failure; none of them has to remember the sign-out.
 */

import type { LiveDocumentStore } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { isSessionExpired } from './auth.ts';

/** An expired or revoked Firebase token, or the backend refusing the request as unauthenticated. */
export function isSessionOver(error: unknown): boolean {
  return isSessionExpired(error) || (error instanceof StoreError && error.code === 'unauthenticated');
}

export function signOutWhenSessionEnds(store: LiveDocumentStore, signOut: () => void): LiveDocumentStore {
  const check = (error: unknown) => {
    if (isSessionOver(error)) signOut();
  };
  const guarded = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      check(error);
      throw error;
    });
  return {
    get: (path) => guarded(store.get(path)),
    query: (spec) => guarded(store.query(spec)),
    aggregate: (spec, aggregate) => guarded(store.aggregate(spec, aggregate)),
    commit: (writes) => guarded(store.commit(writes)),
    listen: (spec, onNext, onError) =>
      store.listen(spec, onNext, (error) => {
        check(error);
        onError(error);
      }),
    listenDoc: (path, onNext, onError) =>
      store.listenDoc(path, onNext, (error) => {
        check(error);
        onError(error);
      }),
  };
}
