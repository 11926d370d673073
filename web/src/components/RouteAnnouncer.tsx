import { useEffect, useRef, useState } from 'react';

const APP_NAME = 'FitTrack';

/**
 * Sets the document title of each route ('Dashboard · FitTrack') and announces the new page to
 * screen readers after client-side navigation, which browsers do not announce by themselves. The
 * first page is not announced: the browser reads its title on load. `title`: the current page's
 * name (from the route table), none for a path without one.
 */
export function RouteAnnouncer({ title }: { title: string | undefined }) {
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
