/**
 * Keeps a keyboard user's place across a save. A form disables its controls while it saves, and a
 * focused control that becomes disabled drops the focus to <body>: the next Tab starts over at the
 * top of the page. `useFocusReturn` remembers the focused control when a save starts and puts the
 * focus back once the controls are enabled again, unless it has moved on meanwhile (the person, a
 * dialog that closed and restored it to its opener) or the control is gone.
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
