/**
 * After a popup deletes what opened it, the focus goes to the row that took its place (or the one
 * before, or the card's heading) instead of <body>, and a status says what happened.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeOf, refocusAfterRemoval } from './removal-focus.ts';

const status = () => document.querySelector('[data-removal-status]')?.textContent ?? null;

function page(rows: string[]): HTMLElement {
  document.body.innerHTML = `
    <main>
      <section aria-labelledby="t"><h2 id="t">Recent Activities</h2>
        <table><tbody>${rows
          .map(
            (r) =>
              `<tr><td><button aria-haspopup="dialog" aria-label="${r}: details">${r}</button></td></tr>`,
          )
          .join('')}</tbody></table>
        <button>Show all</button>
      </section>
    </main>`;
  return document.body;
}
const row = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}: details"]`);
const removeRow = (name: string) => row(name)?.closest('tr')?.remove();
/** Where the focus is now, as a place (the test fails when it is nowhere). */
function focusedPlace() {
  const place = placeOf(document.activeElement);
  if (!place) throw new Error('nothing focused');
  return place;
}
const activeName = () => {
  const el = document.activeElement;
  return el === document.body ? 'body' : (el?.getAttribute('aria-label') ?? el?.textContent ?? null);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focus after a popup removes its opener', () => {
  it('goes to the next row once the row leaves the list, and says so', async () => {
    page(['Running', 'Yoga', 'Walking']);
    row('Yoga')?.focus();
    refocusAfterRemoval(focusedPlace(), 'Activity deleted.');
    // The dialog gave the focus back to the row, which the live list removes a moment later.
    expect(activeName()).toBe('Yoga: details');
    removeRow('Yoga');
    await vi.waitFor(() => expect(activeName()).toBe('Walking: details'));
    vi.advanceTimersByTime(100);
    expect(status()).toBe('Activity deleted.');
  });

  it('the last row: the one before; the only row: the card heading', async () => {
    page(['Running', 'Yoga']);
    row('Yoga')?.focus();
    refocusAfterRemoval(focusedPlace(), 'Activity deleted.');
    removeRow('Yoga');
    await vi.waitFor(() => expect(activeName()).toBe('Running: details'));

    refocusAfterRemoval(focusedPlace(), 'Activity deleted.');
    document.querySelector('table')?.remove(); // the empty list is replaced by a message
    await vi.waitFor(() => expect(activeName()).toBe('Recent Activities'));
    expect(document.activeElement?.tagName).toBe('H2');
    expect((document.activeElement as HTMLElement).tabIndex).toBe(-1);
  });

  it('leaves the focus alone when it is elsewhere, and stops watching in time', async () => {
    page(['Running', 'Yoga', 'Walking']);
    row('Yoga')?.focus();
    refocusAfterRemoval(focusedPlace(), 'Activity deleted.', 1000);
    document.querySelector<HTMLElement>('section > button')?.focus();
    removeRow('Yoga');
    await Promise.resolve();
    expect(activeName()).toBe('Show all');
    vi.advanceTimersByTime(1100);
    expect(status()).toBe('Activity deleted.');
    // Too late: a focus lost after the watch is not moved.
    (document.activeElement as HTMLElement).blur();
    removeRow('Running');
    await Promise.resolve();
    expect(activeName()).toBe('body');
  });
});
