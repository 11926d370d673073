/** Theme, the sign-in port, the backend loader and the session: everything above the router. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import type { AuthGateway } from '../data/auth.ts';
import { AuthGatewayContext, BackendLoaderContext } from '../data/context.tsx';
import type { Backend } from '../data/page-backend.ts';
import { SessionProvider } from '../data/session.tsx';
import { theme } from './theme/index.ts';

/** The browser's bar colour (index.html's `theme-color` per scheme) follows the scheme shown. */
function BarColour() {
  const { colorScheme } = useColorScheme();
  useEffect(() => {
    if (!colorScheme) return;
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][data-scheme]'))
      meta.media = meta.dataset.scheme === colorScheme ? 'all' : 'not all';
  }, [colorScheme]);
  return null;
}

export function AppProviders(props: {
  auth: AuthGateway;
  /** The backend of the person signed in (`uid`): the page's one (page-backend.ts). */
  loadBackend: (uid: string) => Promise<Backend>;
  /** `uid`'s session ended (SessionProvider): its backend stops and the cache goes (main.tsx). */
  onSessionEnd?: (uid: string) => unknown;
  children: ReactNode;
}) {
  return (
    // noSsr: the remembered scheme is read in the first render (InitColorSchemeScript set it on <html>).
    <ThemeProvider theme={theme} defaultMode="system" noSsr disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <BarColour />
      <AuthGatewayContext.Provider value={props.auth}>
        <BackendLoaderContext.Provider value={props.loadBackend}>
          <SessionProvider onSessionEnd={props.onSessionEnd}>{props.children}</SessionProvider>
        </BackendLoaderContext.Provider>
      </AuthGatewayContext.Provider>
    </ThemeProvider>
  );
}
