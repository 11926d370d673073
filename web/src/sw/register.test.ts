/**
 * The page's side of an update: a new version waiting offers a reload, which activates it; nothing
 * is offered before that.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSW } from './register.ts';

type Options = Parameters<RegisterSW>[0];

beforeEach(() => {
  vi.resetModules();
});

async function started() {
  const module = await import('./register.ts');
  let options: Options = {};
  const activate = vi.fn(async () => undefined);
  module.registerServiceWorker((given) => {
    options = given;
    return activate;
  });
  const seen: boolean[] = [];
  module.watchAppUpdate((ready) => seen.push(ready));
  return { module, options, activate, seen };
}

describe('service worker updates', () => {
  it('offers nothing until a new version is waiting', async () => {
    const { options, seen } = await started();
    options.onOfflineReady?.();
    expect(seen).toEqual([false]);
  });

  it('offers a reload once a new version waits, and the reload activates it', async () => {
    const { module, options, activate, seen } = await started();
    options.onNeedRefresh?.();
    expect(seen).toEqual([false, true]);
    module.updateApp();
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('checks for a new deploy every hour', async () => {
    vi.useFakeTimers();
    try {
      const { options } = await started();
      const registration = { update: vi.fn(async () => undefined) };
      options.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration);
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(registration.update).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
