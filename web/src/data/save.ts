/**
 * Saves as TanStack Query mutations that last until the server confirms or refuses the write. The
 * form is busy until the save counts as waiting to sync, then lets go of it; a refusal after that
 * shows in the frame (useRefusedSaves), with the same message.
 */
import {
  type Mutation,
  type MutationKey,
  type QueryClient,
  type QueryKey,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { browserOffline } from '../sw/register.ts';
import { isSessionOver } from './auth.ts';
import { useBrowserOnline } from './connection.ts';
import { countsAsWaiting, whenWaitingToSync } from './pending-sync.ts';
import { type DataScope, rereadUnder, useDataScope } from './queries.ts';

/** A form's outcome: a message, and for a refused input the field to mark. */
export type Status = {
  kind: 'success' | 'error' | 'info';
  message: string;
  field?: string | undefined;
} | null;

/** What a form says once it has let go of a save that waits for the connection. */
export const WAITING_TO_SYNC = 'Saved on this device. Waiting to sync…';

/** Every save's mutation context, read by the frame through the cache. */
interface SaveContext {
  startedAt: number;
  offline: boolean;
  /** The form is on screen and has not let go of it: the outcome is the form's to show. */
  inForm: boolean;
  /** The form's "waiting to sync" status, once shown. */
  shown?: Status;
}

export function beginSave(): SaveContext {
  return { startedAt: Date.now(), offline: browserOffline(), inForm: true };
}

export const saveMeta = (failure: string) => ({ failure });

type CachedMutation = Mutation<unknown, Error, unknown, unknown>;

function contextOf(mutation: CachedMutation): SaveContext | undefined {
  return mutation.state.context as SaveContext | undefined;
}

const isSave = (mutation: CachedMutation) => typeof mutation.meta?.failure === 'string';

/** The form that made these saves goes: their outcome is the frame's. */
export function letGo(client: QueryClient, mutationKey: MutationKey): void {
  for (const m of client.getMutationCache().findAll({ mutationKey, status: 'pending' })) {
    const context = contextOf(m);
    if (context) context.inForm = false;
  }
}

/**
 * A focused control disabled during a save drops the focus to <body>: `useFocusReturn`'s `remember`,
 * called as the save starts, puts it back once enabled unless the focus moved on or the control went.
 */
export function useFocusReturn(busy: boolean): () => void {
  const saved = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const control = saved.current;
    saved.current = null;
    if (!control?.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== control) return;
    control.focus({ preventScroll: true });
  }, [busy]);
  return useCallback(() => {
    const active = document.activeElement;
    saved.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}

export interface SaveOptions<V, R> {
  save: (scope: DataScope, vars: V) => Promise<R>;
  failure: string;
  success?: string | ((result: R, vars: V) => string);
  /** One-shot reads to read again once the server confirmed the save. */
  rereads?: (uid: string) => QueryKey[];
  /** When the form is done with the save: confirmed (with its result), or waiting to sync. */
  onSaved?: (result: R | undefined, vars: V) => void;
  log: string;
}

export interface Save<V> {
  run: (vars: V) => void;
  busy: boolean;
  status: Status;
  setStatus: (status: Status) => void;
  /** An input's change handler that also clears the last outcome. */
  edit: <T>(set: (value: T) => void) => (value: T) => void;
}

export function useSave<V, R = unknown>(options: SaveOptions<V, R>): Save<V> {
  const scope = useDataScope();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>(null);
  const latest = useRef(options);
  latest.current = options;
  const mutation = useMutation<R, unknown, V, SaveContext>({
    mutationFn: (vars) => options.save(scope, vars),
    meta: saveMeta(options.failure),
    onMutate: beginSave,
    onSuccess: async (result, vars, context) => {
      await Promise.all((options.rereads?.(scope.uid) ?? []).map((key) => rereadUnder(client, key)));
      const { success } = latest.current;
      const done: Status = success
        ? { kind: 'success', message: typeof success === 'string' ? success : success(result, vars) }
        : null;
      if (context?.inForm) {
        setStatus(done);
        latest.current.onSaved?.(result, vars);
      } else if (context?.shown) {
        const waiting = context.shown;
        setStatus((now) => (now === waiting ? done : now));
      }
    },
    onError: (error, _vars, context) => {
      console.error(options.log, error);
      if (isSessionOver(error)) return;
      if (context?.inForm) setStatus({ kind: 'error', message: options.failure });
      else if (context?.shown) {
        const waiting = context.shown;
        setStatus((now) => (now === waiting ? null : now)); // the frame says it (useRefusedSaves)
      }
    },
  });
  const { mutate, isPending, context, variables } = mutation;
  // Two clicks in one tick both see `busy` false (no render between): held from the start of a
  // save until it settles or the form lets go of it, so a second one cannot start meanwhile.
  const held = useRef(false);

  useEffect(() => {
    if (!isPending || !context?.inForm) return;
    return whenWaitingToSync(
      () => {
        context.inForm = false;
        held.current = false;
        const shown: Status = { kind: 'info', message: WAITING_TO_SYNC };
        context.shown = shown;
        setStatus(shown);
        latest.current.onSaved?.(undefined, variables as V);
      },
      { since: context.startedAt, ...(context.offline ? { offline: true } : {}) },
    );
  }, [isPending, context, variables]);

  const pending = useRef<SaveContext | undefined>(undefined);
  pending.current = isPending ? context : undefined;
  useEffect(
    () => () => {
      if (pending.current) pending.current.inForm = false;
    },
    [],
  );

  const busy = isPending && context?.inForm !== false;
  const rememberFocus = useFocusReturn(busy);
  const run = useCallback(
    (vars: V) => {
      if (held.current) return;
      held.current = true;
      rememberFocus();
      setStatus(null);
      mutate(vars, { onSettled: () => (held.current = false) });
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
  return { run, busy, status, setStatus, edit };
}

/** How many saves wait to sync now, re-counted as each crosses the threshold. */
export function useWaitingToSync(): number {
  const saves = useMutationState<Pick<SaveContext, 'startedAt' | 'offline'> | undefined>({
    filters: { status: 'pending', predicate: isSave },
    select: (m) => {
      const context = contextOf(m);
      return context && { startedAt: context.startedAt, offline: context.offline };
    },
  });
  useBrowserOnline(); // re-counted on going offline or back
  const [, recount] = useReducer((n: number) => n + 1, 0);
  const waits = (save: Pick<SaveContext, 'startedAt' | 'offline'>) =>
    save.offline || countsAsWaiting({ since: save.startedAt });
  const known = saves.filter((save) => save !== undefined);
  const next = Math.min(...known.filter((save) => !waits(save)).map((save) => save.startedAt));
  useEffect(() => (Number.isFinite(next) ? whenWaitingToSync(recount, { since: next }) : undefined), [next]);
  return known.filter(waits).length;
}

interface RefusedSave {
  id: number;
  message: string;
}

/** Saves refused after their form let go: the frame shows each message until dismissed. */
export function useRefusedSaves(): { refused: RefusedSave[]; dismiss: () => void } {
  const client = useQueryClient();
  const refused = useMutationState<RefusedSave>({
    filters: {
      status: 'error',
      predicate: (m) => isSave(m) && contextOf(m)?.inForm === false && !isSessionOver(m.state.error),
    },
    select: (m): RefusedSave => ({ id: m.mutationId, message: String(m.meta?.failure) }),
  });
  const dismiss = useCallback(() => {
    const cache = client.getMutationCache();
    const ids = new Set(refused.map((r) => r.id));
    for (const m of cache.getAll()) if (ids.has(m.mutationId)) cache.remove(m);
  }, [client, refused]);
  return { refused, dismiss };
}
