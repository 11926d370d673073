import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for an extra that the page can do without (a notice, a marker): if its chunk cannot
 * load, it renders `fallback` (nothing, unless given) and the console says why, instead of throwing
 * to an error boundary and taking the page (or, outside the routes' boundaries, the app) with it.
 */
export function lazyOptional<P extends object>(
  what: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P> = () => null,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(`${what} could not load`, error);
        return { default: fallback };
      },
    ),
  );
}
