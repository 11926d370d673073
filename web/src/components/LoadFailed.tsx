import { useRetryFailedLoads } from '../data/connection.ts';
import { FailedAlert, type FailedProps } from './FailedAlert.tsx';

/**
 * A section's load failed: the spec's message in place of its content, with Retry. Retry loads
 * again every load that failed for want of the server (they failed together, and come back
 * together); `onRetry` replaces that where a section loads outside the query cache.
 */
export function LoadFailed(props: FailedProps & { onRetry?: () => void }) {
  const retryAll = useRetryFailedLoads();
  return <FailedAlert message={props.message} sx={props.sx} onRetry={props.onRetry ?? retryAll} />;
}
