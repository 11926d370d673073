/**
 * What every feature reads to reach its data: the store (one adapter, chosen by configuration) and the
 * signed-in user. Providers are mounted in `src/app`; tests mount them around an in-memory store.
 */
import type { LiveDocumentStore } from '@fit/shared/store';
import { type Context, createContext, useContext } from 'react';
import type { AuthGateway } from './auth.ts';
import type { Backend } from './repositories.ts';

export interface SessionUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/** A context's value where a provider must be mounted; outside one, an error naming `where`. */
function useProvided<T>(context: Context<T | null>, where: string): T {
  const value = useContext(context);
  if (!value) throw new Error(where);
  return value;
}

export const StoreContext = createContext<LiveDocumentStore | null>(null);
export const SessionUserContext = createContext<SessionUser | null>(null);

export function useStore(): LiveDocumentStore {
  return useProvided(StoreContext, 'useStore outside StoreContext');
}

/** The signed-in user, or null when signed out. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}

/** For screens behind the sign-in guard: the user is always there. */
export function useRequiredUser(): SessionUser {
  return useProvided(SessionUserContext, 'useRequiredUser outside a signed-in route');
}

/** The sign-in port (Firebase Auth in the app, a fake in component tests). */
export const AuthGatewayContext = createContext<AuthGateway | null>(null);

export function useAuthGateway(): AuthGateway {
  return useProvided(AuthGatewayContext, 'useAuthGateway outside AuthGatewayContext');
}

/**
 * Loads the backend of the person signed in (`uid`) on first use: sign-in pages need it only after
 * a successful sign-in. One per page (page-backend.ts).
 */
export const BackendLoaderContext = createContext<((uid: string) => Promise<Backend>) | null>(null);

export function useBackendLoader(): (uid: string) => Promise<Backend> {
  return useProvided(BackendLoaderContext, 'useBackendLoader outside BackendLoaderContext');
}

/** The loaded backend, inside the signed-in layout (deletion, pending offline writes). */
export const BackendContext = createContext<Backend | null>(null);

export function useBackend(): Backend {
  return useProvided(BackendContext, 'useBackend outside the signed-in layout');
}
