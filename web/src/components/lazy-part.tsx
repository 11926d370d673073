import type { SxProps, Theme } from '@mui/material/styles';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { isChunkLoadError } from './chunk-error.ts';
import { FailedAlert } from './FailedAlert.tsx';

export const PART_FAILED = 'This part of the page could not be loaded. Check your connection and try again.';

type Loader<P> = () => Promise<ComponentType<P>>;

/**
 * A part of a page in a chunk of its own (a card, a table, a chart, the activity picker). If its
 * chunk cannot load (offline before the service worker has cached it, a flaky network), the part
 * alone shows the failure with Retry, which fetches it again; the rest of the page stays usable.
 * Before, the route's boundary replaced the whole page, and the Log Activity form with it.
 *
 * The component keeps one `React.lazy` for the whole app, so a part loaded once renders at once
 * wherever it shows next; a failed one is replaced on Retry (React.lazy keeps its failure).
 * Any other error is a bug, not the connection: it still goes to the route's boundary.
 */
export function lazyPart<P extends object>(
  load: Loader<P>,
  options: {
    /** The failure's margins: by default, flush in the part's place. */
    sx?: SxProps<Theme>;
    /** Around the failure: a whole card that failed shows it under the card's title. */
    frame?: (failure: ReactNode) => ReactNode;
  } = {},
): ComponentType<P & { fallback: ReactNode }> {
  const { sx = {}, frame = (failure: ReactNode) => failure } = options;
  const make = () => lazy(() => load().then((component) => ({ default: component })));
  let current = make();
  function Part({ fallback, ...props }: P & { fallback: ReactNode }) {
    const [Loaded, setLoaded] = useState(() => current);
    const retry = () => {
      if (Loaded === current) current = make();
      setLoaded(() => current);
    };
    return (
      <PartBoundary onRetry={retry} sx={sx} frame={frame}>
        <Suspense fallback={fallback}>
          <Loaded {...(props as P)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return Part;
}

class PartBoundary extends Component<
  { onRetry: () => void; sx: SxProps<Theme>; frame: (failure: ReactNode) => ReactNode; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) console.error('A part of the page could not load', error);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error; // to the route's boundary, as before
    return this.props.frame(<FailedAlert message={PART_FAILED} onRetry={this.retry} sx={this.props.sx} />);
  }
}
