/**
 * A sign-out told to the browser's other tabs (data/session-broadcast.ts), over a real
 * BroadcastChannel: the test's own channel of the same name stands for another tab.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { announceSignOut, ERASURE_WAIT_MS, leaveOnSignOutElsewhere } from '../src/data/session-broadcast.ts';

const otherTab = new BroadcastChannel('fittrack-session');
const stops: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const stop of stops.splice(0)) stop();
  otherTab.onmessage = null;
});
afterAll(() => otherTab.close());

/** Lets the channel deliver what is in flight. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('sign-outs between tabs', () => {
  it('sends a tab drawing for the person another tab signed out to /login, and no other tab', async () => {
    const leave = vi.fn();
    const shown: string | null = 'ann';
    stops.push(leaveOnSignOutElsewhere(() => shown, { leave }));
    otherTab.postMessage({ type: 'signed-out', uid: 'bob' });
    await settle();
    expect(leave).not.toHaveBeenCalled();
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    await vi.waitFor(() => expect(leave).toHaveBeenCalledOnce());
    // Once: the same news from a third tab does not start a second page load.
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    await settle();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('reads who the tab draws for at the message: a tab that has moved on to someone else stays', async () => {
    const leave = vi.fn();
    let shown: string | null = 'ann';
    stops.push(leaveOnSignOutElsewhere(() => shown, { leave }));
    shown = 'cleo';
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    await settle();
    expect(leave).not.toHaveBeenCalled();
    otherTab.postMessage({ type: 'signed-out', uid: 'cleo' });
    await vi.waitFor(() => expect(leave).toHaveBeenCalledOnce());
  });

  it('ignores anything else on the channel, and stops listening when unsubscribed', async () => {
    const leave = vi.fn();
    const stop = leaveOnSignOutElsewhere(() => 'ann', { leave });
    for (const junk of [
      null,
      'ann',
      { type: 'signed-in', uid: 'ann' },
      { type: 'signed-out' },
      { uid: 'ann' },
    ])
      otherTab.postMessage(junk);
    await settle();
    expect(leave).not.toHaveBeenCalled();
    stop();
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    await settle();
    expect(leave).not.toHaveBeenCalled();
  });

  it('holds the page load until this tab has erased the ended session (a page load would stop it halfway)', async () => {
    const leave = vi.fn();
    let erased = () => {};
    const erasure = new Promise<void>((resolve) => {
      erased = resolve;
    });
    // The tab that pressed Logout: it draws for no one now, and its deletion waits for the others.
    stops.push(leaveOnSignOutElsewhere(() => 'ann', { erasing: () => erasure, leave }));
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    await settle();
    expect(leave).not.toHaveBeenCalled();
    erased();
    await vi.waitFor(() => expect(leave).toHaveBeenCalledOnce());
  });

  it('leaves after ERASURE_WAIT_MS all the same when the erasure never ends, or fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const leave = vi.fn();
    const erasing = vi.fn(() => new Promise<void>(() => {}));
    stops.push(leaveOnSignOutElsewhere(() => 'ann', { erasing, leave }));
    otherTab.postMessage({ type: 'signed-out', uid: 'ann' });
    while (erasing.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(ERASURE_WAIT_MS - 1);
    expect(leave).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(leave).toHaveBeenCalledOnce();
    vi.useRealTimers();

    const leaveToo = vi.fn();
    stops.push(
      leaveOnSignOutElsewhere(() => 'bob', {
        erasing: () => Promise.reject(new Error('blocked')),
        leave: leaveToo,
      }),
    );
    otherTab.postMessage({ type: 'signed-out', uid: 'bob' });
    await vi.waitFor(() => expect(leaveToo).toHaveBeenCalledOnce());
  });

  it('announces who signed out to the other tabs', async () => {
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    announceSignOut('ann');
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'signed-out', uid: 'ann' }]));
  });
});
