/**
 * Saves as mutations, with one way for every form to show busy, the failure and the success: the
 * form reads `busy` and `status` and calls `run`. A failure that means the session is over shows
 * nothing here: the QueryClient's mutation cache signs the person out and the guards move on.
 * A save with no answer within `loadLimits.saveTimeoutMs` fails with the form's message, so no
 * button stays disabled for ever (a paused server; the adapter has already resolved a write the
 * Firestore SDK keeps queued, shown as waiting to sync, so this never fires for those).
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useFocusReturn } from './focus-return.ts';
import { loadLimits, withTimeout } from './load-limits.ts';
import { type DataScope, rereadUnder, useDataScope } from './queries.ts';
import { isSessionOver } from './session-end.ts';

/** A form's outcome: a message, and for a refused input the field to mark. */
export type Status = {
  kind: 'success' | 'error' | 'info';
  message: string;
  field?: string | undefined;
} | null;

export interface SaveOptions<V, R> {
  save: (scope: DataScope, vars: V) => Promise<R>;
  /** The spec's message when the save fails. */
  failure: string;
  /** The success message, when the form shows one. */
  success?: string | ((result: R, vars: V) => string);
  /** Read again after a successful save (one-shot reads; live ones follow on their own). */
  rereads?: (uid: string) => QueryKey[];
  onSaved?: (result: R, vars: V) => void;
  /** What the console says when it fails (the person sees `failure`). */
  log: string;
}

export interface Save<V> {
  run: (vars: V) => void;
  busy: boolean;
  status: Status;
  /** For the form's own checks before saving (a refused input), or to clear the message. */
  setStatus: (status: Status) => void;
  /** An input's change handler: keeps the value and clears the last outcome (it no longer applies). */
  edit: <T>(set: (value: T) => void) => (value: T) => void;
}

export function useSave<V, R = unknown>(options: SaveOptions<V, R>): Save<V> {
  const scope = useDataScope();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>(null);
  const mutation = useMutation({
    mutationFn: (vars: V) => withTimeout(options.save(scope, vars), loadLimits.saveTimeoutMs),
    onSuccess: async (result, vars) => {
      await Promise.all((options.rereads?.(scope.uid) ?? []).map((key) => rereadUnder(client, key)));
      const { success } = options;
      if (success) {
        setStatus({
          kind: 'success',
          message: typeof success === 'string' ? success : success(result, vars),
        });
      }
      options.onSaved?.(result, vars);
    },
    onError: (error) => {
      console.error(options.log, error);
      if (!isSessionOver(error)) setStatus({ kind: 'error', message: options.failure });
    },
  });
  const { mutate } = mutation;
  // The focused control (Log, Save, Delete, a field where Enter was pressed) gets the focus back.
  const rememberFocus = useFocusReturn(mutation.isPending);
  const run = useCallback(
    (vars: V) => {
      rememberFocus();
      setStatus(null);
      mutate(vars);
    },
    [mutate, rememberFocus],
  );
  const edit = useCallback(
    <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setStatus(null);
      },
    [],
  );
  return { run, busy: mutation.isPending, status, setStatus, edit };
}
