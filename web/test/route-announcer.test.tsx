import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render.tsx';

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
});
