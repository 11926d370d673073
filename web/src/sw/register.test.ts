/**
 * The page's side of an update: a worker of another build taking over offers a reload; the worker of
 * the page's own build (first install, or a page loaded after the deploy) offers nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeContainer extends EventTarget {
  register = vi.fn(async () => ({ update: vi.fn(async () => undefined) }));
  deliver(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

let container: FakeContainer;

beforeEach(() => {
  vi.resetModules();
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  document.head.innerHTML = '<script type="module" crossorigin src="/assets/index-NEW.js"></script>';
  document.documentElement.removeAttribute('data-offline-shell');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  document.head.innerHTML = '';
});

async function started() {
  const module = await import('./register.ts');
  module.registerServiceWorker();
  const seen: boolean[] = [];
  module.watchAppUpdate((ready) => seen.push(ready));
  return { module, seen };
}

describe('service worker registration and updates', () => {
  it('registers /sw.js for the whole origin', async () => {
    await started();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('offers a reload when a worker of another build takes over, once', async () => {
    const { seen } = await started();
    container.deliver({ type: 'fittrack-sw-activated', entry: '/assets/index-NEWER.js' });
    container.deliver({ type: 'fittrack-sw-activated', entry: '/assets/index-NEWEST.js' });
    expect(seen).toEqual([false, true]);
  });

  it('offers nothing for its own build, or for messages that are not the worker’s', async () => {
    const { seen } = await started();
    container.deliver({ type: 'fittrack-sw-activated', entry: '/assets/index-NEW.js' });
    container.deliver({ type: 'something-else', entry: '/assets/index-OTHER.js' });
    container.deliver({ type: 'fittrack-sw-activated' });
    container.deliver(null);
    expect(seen).toEqual([false]);
  });

  it('knows it is offline from the offline shell mark even when navigator.onLine says online', async () => {
    const { module } = await started();
    expect(module.browserOffline()).toBe(false);
    document.documentElement.setAttribute(module.OFFLINE_SHELL, '');
    expect(module.browserOffline()).toBe(true);
  });
});
