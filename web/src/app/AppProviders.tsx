/** Theme, the sign-in port, the backend loader and the session: everything above the router. */
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { AuthGateway } from '../data/auth.ts';
import { AuthGatewayContext, BackendLoaderContext } from '../data/context.tsx';
import type { Backend } from '../data/repositories.ts';
import { SessionProvider } from '../data/session.tsx';
import { theme } from './theme.ts';

export function AppProviders(props: {
  auth: AuthGateway;
  /** The backend of the person signed in (`uid`): the page's one (page-backend.ts). */
  loadBackend: (uid: string) => Promise<Backend>;
  /** `uid`'s session ended (SessionProvider): its backend stops and the cache goes (main.tsx). */
  onSessionEnd?: (uid: string) => unknown;
  /** Emotion's cache with this device's compiled styles (style-snapshot.ts); tests go without. */
  styles?: EmotionCache;
  children: ReactNode;
}) {
  const app = (
    // noSsr: a client-only app reads the remembered scheme in its first render (no second pass);
    // the boot script (web/build/boot-script.ts) set the same scheme on <html> before the first paint.
    // The theme's CSS variables are in index.html already, made at build time (build/theme-vars.ts).
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      noSsr
      disableTransitionOnChange
      disableStyleSheetGeneration
    >
      <CssBaseline enableColorScheme />
      <AuthGatewayContext.Provider value={props.auth}>
        <BackendLoaderContext.Provider value={props.loadBackend}>
          <SessionProvider onSessionEnd={props.onSessionEnd}>{props.children}</SessionProvider>
        </BackendLoaderContext.Provider>
      </AuthGatewayContext.Provider>
    </ThemeProvider>
  );
  return props.styles ? <CacheProvider value={props.styles}>{app}</CacheProvider> : app;
}
