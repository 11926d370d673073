import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './chunk-error.ts';
import { Loading } from './Loading.tsx';

export const PAGE_FAILED = 'Something went wrong on this page. Please try again.';
export const CHUNK_FAILED = 'This page could not be loaded. Check your connection and try again.';

/** When the page last reloaded itself for a missing chunk (per tab: sessionStorage). */
const RELOADED_AT = 'fittrack:chunk-reload-at';
/** A second missing chunk within this long of the reload is shown, not reloaded again (no loop). */
const RELOAD_WINDOW_MS = 60_000;

/** Whether the page reloaded itself for a missing chunk lately (no storage: yes, so no loop). */
function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_WINDOW_MS;
  } catch {
    return true;
  }
}

function reloadNow() {
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // Checked before: reloadedRecently() said storage works.
  }
  window.location.reload();
}

/**
 * The routes' error boundary (React Router's `errorElement`): what a screen threw while rendering,
 * or its route's code that failed to load. `inLayout`: in place of the page, under the top bar and
 * nav (which stay usable); otherwise (the frame itself failed) alone. The router clears it when the
 * path changes. A missing chunk while online reloads the page once (a deploy); offline, Retry
 * reloads once the connection is back (a reload offline would lose the app to the browser's error page).
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  // Decided in the first render, so the error never shows before the reload.
  const [reloading] = useState(() => chunk && navigator.onLine && !reloadedRecently());
  const [waiting, setWaiting] = useState(false);

  useEffect(() => console.error(error), [error]);

  useEffect(() => {
    if (reloading) reloadNow();
  }, [reloading]);

  useEffect(() => {
    if (!waiting) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [waiting]);

  if (reloading) return <Loading label="Reloading" />;

  const retry = () => {
    if (navigator.onLine) window.location.reload();
    else setWaiting(true);
  };
  const alert = (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={retry}>
          Retry
        </Button>
      }
    >
      {chunk ? CHUNK_FAILED : PAGE_FAILED}
      {waiting && ' Waiting for the connection…'}
    </Alert>
  );
  if (inLayout) return alert;
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      {alert}
    </Container>
  );
}
