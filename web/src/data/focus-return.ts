/**
 * A focused control disabled during a save drops the focus to <body>: it is put back once enabled,
 * unless the focus moved on meanwhile or the control is gone.
 */
import { useCallback, useEffect, useRef } from 'react';

/** Returns `remember`, to call when the save starts (before anything is disabled). */
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
