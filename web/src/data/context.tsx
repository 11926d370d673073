/**
 * What every feature reads to reach its data: the store (one adapter, chosen by configuration) and the
 * signed-in user. Providers are mounted in `src/app`; tests mount them around an in-memory store.
 */
import type { LiveDocumentStore } from '@fit/shared/store';
import { createContext, useContext } from 'react';

export interface SessionUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export const StoreContext = createContext<LiveDocumentStore | null>(null);
export const SessionUserContext = createContext<SessionUser | null>(null);

export function useStore(): LiveDocumentStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreContext');
  return store;
}

/** The signed-in user, or null when signed out. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}

/** For screens behind the sign-in guard: the user is always there. */
export function useRequiredUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useRequiredUser outside a signed-in route');
  return user;
}
