import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

const FAILED = (
  <Typography variant="body2" color="textSecondary">
    The chart could not be drawn.
  </Typography>
);

/** A chart's place: a skeleton while the charts chunk loads, a line of text if it cannot draw. */
export function ChartArea({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={FAILED} onError={(error) => console.error('A chart failed', error)}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
