/** The one QueryClient of the signed-in pages; `onFailure` sees every failed load and save. */
import { StoreError } from '@fit/shared/store';
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { recoverWhenFailing } from './connection.ts';
import { stopListenersWithoutObservers } from './live-query.ts';
import { LoadTimeoutError, loadLimits } from './load-limits.ts';
import { isSessionOver } from './session-end.ts';

/** Refusals and timeouts would only fail again (or wait again): one quick retry for the rest. */
function isRetryable(error: unknown): boolean {
  if (error instanceof LoadTimeoutError || isSessionOver(error)) return false;
  return !(error instanceof StoreError && error.code === 'permission-denied');
}

export function createQueryClient(onFailure: (error: unknown) => void): QueryClient {
  // The onlineManager starts online: a page opened offline.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: {
        // Failures must surface even when the browser believes it is offline (no silent pause).
        networkMode: 'always',
        retry: (failures, error) => failures < 1 && isRetryable(error),
        retryDelay: () => loadLimits.retryDelayMs,
        refetchOnWindowFocus: false,
        ...recoverWhenFailing,
      },
      // A save runs offline too: Firestore keeps the write.
      mutations: { networkMode: 'always', retry: false },
    },
  });
  stopListenersWithoutObservers(client);
  return client;
}
