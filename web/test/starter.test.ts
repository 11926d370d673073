/**
 * The starter (build/starter.ts): the app's entry is imported only after the browser painted a
 * frame (the loading shell), at once in a hidden tab, and exactly once; the page loads the starter
 * in place of the entry, which it preloads.
 */
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, START_MARK, starterSource, withStarter } from '../build/starter.ts';

/** A window whose frames and timers run when the test says. */
function fakeWindow(visibility: 'visible' | 'hidden') {
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const listeners = new Set<() => void>();
  const document = {
    visibilityState: visibility,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const win = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms }),
  } as unknown as Window;
  return {
    win,
    frame: () => {
      for (const callback of frames.splice(0)) callback();
    },
    /** Runs the timers due within `ms` (those set for now by default). */
    timers: (ms = 0) => {
      const due = timers.filter((timer) => timer.ms <= ms);
      for (const timer of due) timers.splice(timers.indexOf(timer), 1);
      for (const timer of due) timer.callback();
    },
    hide: () => {
      document.visibilityState = 'hidden';
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe('afterNextPaint', () => {
  it('runs the task after a frame was painted, not before, and once', () => {
    const page = fakeWindow('visible');
    const task = vi.fn();
    afterNextPaint(task, page.win);
    page.timers();
    expect(task).not.toHaveBeenCalled(); // no frame yet
    page.frame();
    expect(task).not.toHaveBeenCalled(); // the frame's callback runs before its paint
    page.timers();
    expect(task).toHaveBeenCalledTimes(1);
    page.hide();
    expect(task).toHaveBeenCalledTimes(1);
    expect(page.listeners.size).toBe(0);
  });

  it('runs the task after 300 ms at the latest when no frame comes, and once', () => {
    const page = fakeWindow('visible');
    const task = vi.fn();
    afterNextPaint(task, page.win);
    page.timers(299);
    expect(task).not.toHaveBeenCalled();
    page.timers(300);
    expect(task).toHaveBeenCalledTimes(1);
    page.frame();
    page.timers();
    expect(task).toHaveBeenCalledTimes(1);
    expect(page.listeners.size).toBe(0);
  });

  it('runs the task at once in a hidden tab, which paints no frames', () => {
    const page = fakeWindow('hidden');
    const task = vi.fn();
    afterNextPaint(task, page.win);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task when the tab is hidden while it waits for a frame, and not again after', () => {
    const page = fakeWindow('visible');
    const task = vi.fn();
    afterNextPaint(task, page.win);
    page.hide();
    expect(task).toHaveBeenCalledTimes(1);
    page.frame();
    page.timers();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('the starter in the page', () => {
  const html =
    '<head><script>boot()</script>\n    <script type="module" crossorigin src="/assets/index-A1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-B2.js"></head>';

  it('replaces the entry script with a preload of it and the starter script', () => {
    const page = withStarter(html, '/assets/index-A1.js', '/assets/start-C3.js');
    expect(page).not.toContain('src="/assets/index-A1.js"');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/index-A1.js">');
    expect(page).toContain('<script type="module" crossorigin src="/assets/start-C3.js"></script>');
    expect(page.match(/<script type="module"/g)).toHaveLength(1);
    expect(() => withStarter(page, '/assets/index-A1.js', '/assets/start-C3.js')).toThrow(/must load/);
  });

  it('imports the entry from a task that waited for a paint, and marks the start', async () => {
    const source = starterSource('/assets/index-A1.js');
    const page = fakeWindow('visible');
    const imported: string[] = [];
    const marks: string[] = [];
    // The starter's text, run with the page's globals: the same code the browser runs.
    const run = new Function(
      'window',
      'performance',
      '__import',
      `${source.replace('import(', '__import(')}`,
    );
    run(page.win, { mark: (name: string) => marks.push(name) }, (url: string) => {
      imported.push(url);
      return Promise.resolve();
    });
    expect(imported).toEqual([]);
    page.frame();
    page.timers();
    expect(imported).toEqual(['/assets/index-A1.js']);
    expect(marks).toEqual([START_MARK]);
  });
});
