import { useEffect, useRef, useState } from 'react';
import { useMatches } from 'react-router-dom';

/** What a route declares in its `handle`: the page's name for the title and screen readers. */
export interface RouteHandle {
  title: string;
}

const APP_NAME = 'FitTrack';

function titleOf(matches: ReturnType<typeof useMatches>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/**
 * Sets the document title of each route ('Dashboard · FitTrack') and announces the new page to
 * screen readers after client-side navigation, which browsers do not announce by themselves. The
 * first page is not announced: the browser reads its title on load.
 */
export function RouteAnnouncer() {
  const matches = useMatches();
  const title = titleOf(matches);
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnouncement(title ? `${title} page` : APP_NAME);
  }, [title]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        margin: -1,
        padding: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {announcement}
    </div>
  );
}
