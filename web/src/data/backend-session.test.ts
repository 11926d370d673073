import { MemoryStore } from '@fit/shared/testing/memory-store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendPerSession } from './backend-session.ts';
import type { Backend } from './repositories.ts';

/** A backend whose erasure is noted in `log`; `held` keeps the erasure going until `finish`. */
function backendNamed(name: string, log: string[], held = false) {
  let finish = () => {};
  const backend: Backend = {
    store: new MemoryStore(),
    deleteAccount: async () => {},
    eraseFromDevice: () => {
      log.push(`erase ${name}`);
      if (!held) return Promise.resolve();
      return new Promise<void>((resolve) => {
        finish = () => {
          log.push(`erased ${name}`);
          resolve();
        };
      });
    },
  };
  return { backend, finish: () => finish() };
}

/** A loader handing out `backends` in order, noting each load in `log`. */
function loaderOf(log: string[], ...backends: Backend[]) {
  let next = 0;
  return vi.fn(async () => {
    log.push('load');
    const backend = backends[next++];
    if (!backend) throw new Error('no more backends');
    return backend;
  });
}

/** An erasure mark kept in memory (erasure-mark.ts keeps it in localStorage). */
function markOf(due = false) {
  let set = due;
  return {
    due: () => set,
    set: () => {
      set = true;
    },
    clear: () => {
      set = false;
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('one backend per session', () => {
  it("loads once per session; the session's end erases that backend, and the next session loads a new one", async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const again = backendNamed('ann again', log).backend;
    const sessions = backendPerSession(loaderOf(log, ann, again));

    expect(await sessions.get('ann')).toBe(ann);
    expect(await sessions.get('ann')).toBe(ann);
    await sessions.end('ann');
    expect(await sessions.get('ann')).toBe(again);
    expect(log).toEqual(['load', 'erase ann', 'load']);
  });

  it('a new backend waits for the last one to be erased (a new cache never starts on the one being deleted)', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log, true);
    const bob = backendNamed('bob', log).backend;
    const sessions = backendPerSession(loaderOf(log, ann.backend, bob));
    await sessions.get('ann');

    const ended = sessions.end('ann');
    const next = sessions.get('bob');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['load', 'erase ann']);

    ann.finish();
    await ended;
    expect(await next).toBe(bob);
    expect(log).toEqual(['load', 'erase ann', 'erased ann', 'load']);
  });

  it("the next person's pages asking first get their own backend; the end reported after erases only the last person's", async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const bob = backendNamed('bob', log).backend;
    const sessions = backendPerSession(loaderOf(log, ann, bob));
    await sessions.get('ann');

    expect(await sessions.get('bob')).toBe(bob); // Ann's is retired, not handed over
    await sessions.end('ann'); // reported after Bob's pages mounted
    expect(await sessions.get('bob')).toBe(bob);
    expect(log).toEqual(['load', 'erase ann', 'load']);
  });

  it('a backend warmed before anyone is known belongs to the first person who asks', async () => {
    const log: string[] = [];
    const first = backendNamed('first', log).backend;
    const sessions = backendPerSession(loaderOf(log, first));
    const warmed = sessions.warm();
    expect(await sessions.get('ann')).toBe(first);
    expect(await warmed).toBe(first);
    await sessions.end('bob'); // not Ann's: nothing happens
    expect(log).toEqual(['load']);
    await sessions.end('ann');
    expect(log).toEqual(['load', 'erase first']);
  });

  it('a session that ended with nothing of it loaded here (elsewhere, or while the browser was closed): a backend is loaded only to erase', async () => {
    const log: string[] = [];
    const sessions = backendPerSession(loaderOf(log, backendNamed('leftover', log).backend));
    await sessions.end('ann');
    expect(log).toEqual(['load', 'erase leftover']);
  });

  it("a sign-in as someone else on a page that never saw the last session end erases that person's cache first", async () => {
    const log: string[] = [];
    const leftover = backendNamed('ann leftover', log).backend;
    const bob = backendNamed('bob', log).backend;
    let remembered: string | null = 'ann';
    const sessions = backendPerSession(loaderOf(log, leftover, bob), () => remembered);
    expect(await sessions.get('bob')).toBe(bob);
    expect(log).toEqual(['load', 'erase ann leftover', 'load']);

    // Once the session is watched (a signed-in page), Ann's end is reported: nothing more to do.
    remembered = 'bob';
    await sessions.end('ann');
    expect(await sessions.get('bob')).toBe(bob);
    expect(log).toEqual(['load', 'erase ann leftover', 'load']);
  });

  it('the same person, or nobody remembered, signs in without erasing anything', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const sessions = backendPerSession(loaderOf(log, ann), () => 'ann');
    expect(await sessions.get('ann')).toBe(ann);
    const fresh = backendPerSession(loaderOf(log, backendNamed('cy', log).backend), () => null);
    await fresh.get('cy');
    expect(log).toEqual(['load', 'load']);
  });

  it('a second end erases nothing more, and an end for someone else leaves the current session alone', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const bob = backendNamed('bob', log).backend;
    const sessions = backendPerSession(loaderOf(log, ann, bob));
    await sessions.get('ann');
    await sessions.end('ann');
    await sessions.end('ann');
    expect(await sessions.get('bob')).toBe(bob);
    await sessions.end('ann');
    expect(await sessions.get('bob')).toBe(bob);
    expect(log).toEqual(['load', 'erase ann', 'load']);
  });

  it('a failed erasure is reported and does not stop the next session', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: Backend = {
      ...backendNamed('broken', []).backend,
      eraseFromDevice: () => Promise.reject(new Error('blocked')),
    };
    const next = backendNamed('next', []).backend;
    const sessions = backendPerSession(loaderOf([], broken, next));
    await sessions.get('ann');
    await sessions.end('ann');
    expect(error).toHaveBeenCalledTimes(1);
    expect(await sessions.get('bob')).toBe(next);
  });

  it('a backend that keeps nothing in the browser (an in-memory one) ends without erasing', async () => {
    const { eraseFromDevice: _, ...memory } = backendNamed('memory', []).backend;
    const sessions = backendPerSession(async () => memory);
    await sessions.get('ann');
    await expect(sessions.end('ann')).resolves.toBeUndefined();
  });

  it('marks an erasure as due while it runs, and clears the mark once the last one is done', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log, true);
    const bob = backendNamed('bob', log, true);
    const mark = markOf();
    const sessions = backendPerSession(loaderOf(log, ann.backend, bob.backend), () => null, mark);
    await sessions.get('ann');
    expect(mark.due()).toBe(false);
    const annEnded = sessions.end('ann');
    expect(mark.due()).toBe(true); // set at once: the page may be stopped from now on
    // Bob signs in and out while Ann's erasure still runs: two erasures under way.
    void sessions.get('bob');
    const bobEnded = sessions.end('bob');
    await vi.waitFor(() => expect(log).toContain('erase ann'));
    ann.finish();
    await annEnded;
    await vi.waitFor(() => expect(log).toContain('erase bob'));
    expect(mark.due()).toBe(true); // Bob's is still running
    bob.finish();
    await bobEnded;
    expect(mark.due()).toBe(false);
    expect(log).toEqual(['load', 'erase ann', 'erased ann', 'load', 'erase bob', 'erased bob']);
  });

  it("an erasure an earlier page left halfway is finished before any backend starts here: the next sign-in's, a warmed one, or on its own", async () => {
    for (const start of ['get', 'warm', 'resume'] as const) {
      const log: string[] = [];
      const mark = markOf(true); // the last page was closed during Logout
      const sessions = backendPerSession(
        loaderOf(log, backendNamed('leftover', log).backend, backendNamed('fresh', log).backend),
        () => null, // the person who left was forgotten at once
        mark,
      );
      if (start === 'get') await sessions.get('ann');
      else if (start === 'warm') await sessions.warm();
      else await sessions.resume();
      expect(log, start).toEqual(
        start === 'resume' ? ['load', 'erase leftover'] : ['load', 'erase leftover', 'load'],
      );
      expect(mark.due(), start).toBe(false);
    }
  });

  it('with no erasure left halfway, resume loads nothing; a failed erasure keeps the mark for the next page', async () => {
    const log: string[] = [];
    const quiet = backendPerSession(loaderOf(log), () => null, markOf());
    await quiet.resume();
    expect(log).toEqual([]);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const mark = markOf();
    const broken: Backend = {
      ...backendNamed('broken', []).backend,
      eraseFromDevice: () => Promise.reject(new Error('blocked')),
    };
    const sessions = backendPerSession(
      loaderOf(log, broken, backendNamed('next', log).backend),
      () => null,
      mark,
    );
    await sessions.get('ann');
    await sessions.end('ann');
    expect(mark.due()).toBe(true);
    // This page does not try again in a loop: its next session starts (the next page will erase).
    await sessions.get('bob');
    expect(log).toEqual(['load', 'load']);
  });

  it('a failed load is tried again on the next call, and its end erases nothing nor reports an error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok = backendNamed('ok', []).backend;
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok);
    const sessions = backendPerSession(load);
    const failed = sessions.get('ann');
    await sessions.end('ann');
    await expect(failed).rejects.toThrow('Failed to fetch');
    expect(await sessions.get('ann')).toBe(ok);
    expect(error).not.toHaveBeenCalled();
  });
});
