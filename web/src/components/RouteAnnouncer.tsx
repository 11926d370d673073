import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState } from 'react';

const APP_NAME = 'FitTrack';

/**
 * Sets each route's document title ('Dashboard · FitTrack') and announces the new page after a
 * client-side navigation, which browsers do not; the first page's title the browser reads itself.
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
    <div role="status" aria-live="polite" aria-atomic="true" style={visuallyHidden}>
      {announcement}
    </div>
  );
}
