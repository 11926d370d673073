import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, titleFor } from '../src/app/routes.tsx';
import { renderApp, warmRoutes } from './render.tsx';

beforeAll(() => warmRoutes('/login', '/signup'));

describe('route titles and announcements', () => {
  it('titles each route and announces client-side navigation, not the first page', async () => {
    const app = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Welcome · FitTrack'));
    const status = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite');
    expect(status).toHaveTextContent('');

    await act(() => app.router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe('Log in · FitTrack'));
    expect(status).toHaveTextContent('Log in page');

    await act(() => app.router.navigate('/signup'));
    await waitFor(() => expect(status).toHaveTextContent('Sign up page'));
    expect(document.title).toBe('Sign up · FitTrack');
  });

  it('has a title for every path of the route table, whatever its case or trailing slash', () => {
    const pathsOf = (list: RouteObject[]): string[] =>
      list.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
    const paths = pathsOf(routes).filter((path) => path !== '*');
    expect(paths.length).toBeGreaterThanOrEqual(7);
    for (const path of paths) expect(titleFor(path), path).toBeTruthy();
    expect(titleFor('/User/')).toBe('Dashboard');
    expect(titleFor('/nowhere')).toBeUndefined();
  });
});
