/**
 * Renders `children` once the place they take comes within about a screen of the viewport, and
 * from then on; until then `placeholder` holds that place at its size. For heavy parts far below
 * the fold on a phone, the charts above all: MUI X Charts is about 85 KB gzip and drawing a chart
 * is one of the page's longest tasks, which a visit that never scrolls there now never pays.
 * Without IntersectionObserver (old browsers, jsdom) the children render at once.
 */
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How far outside the viewport a place counts as near: one screen height above and below. */
const NEAR = '100% 0px';

export function WhenNearViewport({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // In slices between frames: the person may be scrolling.
        startTransition(() => setNear(true));
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}
