import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

const FAILED = (
  <Typography variant="body2" color="textSecondary">
    The chart could not be drawn.
  </Typography>
);

/**
 * A chart's place: a skeleton until it comes near the screen (a phone's /user has both charts far
 * below; drawing them anyway loaded 100 KB gzip more JS, `npm run bench`) and while the chunk loads.
 */
export function ChartArea({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '50% 0px',
    });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  const skeleton = <Skeleton variant="rounded" height={height} />;
  return (
    <div ref={place}>
      {near ? (
        <ErrorBoundary fallback={FAILED} onError={(error) => console.error('A chart failed', error)}>
          <Suspense fallback={skeleton}>{children}</Suspense>
        </ErrorBoundary>
      ) : (
        skeleton
      )}
    </div>
  );
}
