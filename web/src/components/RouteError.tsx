import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { Loading } from './Loading.tsx';

export const PAGE_FAILED = 'Something went wrong on this page. Please try again.';
export const CHUNK_FAILED = 'This page could not be loaded. Check your connection and try again.';

/** A screen's code that could not load (a deploy renamed the chunks, or no network), as browsers word it. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|Loading chunk/i.test(
    message,
  );
}

/** When the page last reloaded itself for a missing chunk (per tab). */
const RELOADED_AT = 'fittrack:chunk-reload-at';

/** Whether the page reloaded itself for a missing chunk in the last minute (no storage: yes, no loop). */
function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000;
  } catch {
    return true;
  }
}

/**
 * The routes' `errorElement` (`inLayout`: under the top bar and nav). A missing chunk online reloads
 * the page once (a deploy); offline, Retry waits for the connection (a reload would lose the app).
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  // Decided in the first render, so the error never shows before the reload.
  const [reloading] = useState(() => chunk && navigator.onLine && !reloadedRecently());
  const [waiting, setWaiting] = useState(false);

  useEffect(() => console.error(error), [error]);

  useEffect(() => {
    if (!reloading) return;
    try {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // Full storage: reload all the same (reading it worked, so this happens once).
    }
    window.location.reload();
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
