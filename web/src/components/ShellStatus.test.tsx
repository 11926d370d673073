/** The new-version notice: shown once a new version waits, its Reload switching to it. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RegisterSW } from '../sw/register.ts';

describe('ShellStatus', () => {
  it('offers Reload once a new version waits, and Reload activates it', async () => {
    vi.resetModules(); // a fresh register.ts: no update waiting
    const { registerServiceWorker } = await import('../sw/register.ts');
    const { ShellStatus } = await import('./ShellStatus.tsx');
    let options: Parameters<RegisterSW>[0] = {};
    const activate = vi.fn(async () => undefined);
    registerServiceWorker((given) => {
      options = given;
      return activate;
    });
    render(<ShellStatus />);
    expect(screen.queryByText('A new version of FitTrack is ready.')).toBeNull();

    act(() => options.onNeedRefresh?.());
    expect(await screen.findByText('A new version of FitTrack is ready.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
