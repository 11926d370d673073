/**
 * What every feature reads to reach its data: the store (one adapter, chosen by configuration) and the
 * signed-in user. Providers are mounted in `src/app`; tests mount them around an in-memory store.
 */
import type { LiveDocumentStore } from '@fit/shared/store';
import { createContext, useContext } from 'react';
import type { AuthGateway } from './auth.ts';
import type { Backend } from './repositories.ts';

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

/** The sign-in port (Firebase Auth in the app, a fake in component tests). */
export const AuthGatewayContext = createContext<AuthGateway | null>(null);

export function useAuthGateway(): AuthGateway {
  const auth = useContext(AuthGatewayContext);
  if (!auth) throw new Error('useAuthGateway outside AuthGatewayContext');
  return auth;
}

/** Loads the backend on first use (sign-in pages need it only after a successful sign-in). */
export const BackendLoaderContext = createContext<(() => Promise<Backend>) | null>(null);

export function useBackendLoader(): () => Promise<Backend> {
  const load = useContext(BackendLoaderContext);
  if (!load) throw new Error('useBackendLoader outside BackendLoaderContext');
  return load;
}

/** The loaded backend, inside the signed-in layout (deletion, pending offline writes). */
export const BackendContext = createContext<Backend | null>(null);

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend outside the signed-in layout');
  return backend;
}
