/** What every feature reads to reach its data; tests mount these around an in-memory store. */
import type { LiveDocumentStore } from '@fit/shared/store';
import { type Context, createContext, useContext } from 'react';
import type { AuthGateway, AuthUser } from './auth.ts';
import type { Backend } from './page-backend.ts';

export type SessionUser = Pick<AuthUser, 'uid' | 'email' | 'emailVerified'>;

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

export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}

export function useRequiredUser(): SessionUser {
  return useProvided(SessionUserContext, 'useRequiredUser outside a signed-in route');
}

export const AuthGatewayContext = createContext<AuthGateway | null>(null);

export function useAuthGateway(): AuthGateway {
  return useProvided(AuthGatewayContext, 'useAuthGateway outside AuthGatewayContext');
}

/** Loads the signed-in person's backend on first use (page-backend.ts). */
export const BackendLoaderContext = createContext<((uid: string) => Promise<Backend>) | null>(null);

export function useBackendLoader(): (uid: string) => Promise<Backend> {
  return useProvided(BackendLoaderContext, 'useBackendLoader outside BackendLoaderContext');
}

export const BackendContext = createContext<Backend | null>(null);

export function useBackend(): Backend {
  return useProvided(BackendContext, 'useBackend outside the signed-in layout');
}
