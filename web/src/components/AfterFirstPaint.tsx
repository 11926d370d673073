/**
 * Renders its children only after the page around it has painted once, and in a transition, so
 * React renders them in slices between frames instead of one long task. For what sits below the
 * fold: the part the person sees first paints sooner, and the deferred part's own chunk is only
 * requested after that paint.
 */
import { type ReactNode, startTransition, useEffect, useState } from 'react';

export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  // Passive effects run after the browser painted this render.
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : fallback;
}
