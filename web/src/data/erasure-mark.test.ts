import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepOnlyMemoryOf } from './device-memory.ts';
import { ERASURE_MARK_KEY, erasureMark } from './erasure-mark.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the erasure mark', () => {
  it('is kept in localStorage across pages, naming nobody, and survives the change of session', () => {
    expect(erasureMark.due()).toBe(false);
    erasureMark.set();
    expect(localStorage.getItem(ERASURE_MARK_KEY)).toBe('1');
    expect(ERASURE_MARK_KEY).not.toMatch(/^fittrack/); // the per-person keys' prefix
    // The session's end forgets every person at once: the mark is what still says a cache is left.
    keepOnlyMemoryOf(null);
    expect(erasureMark.due()).toBe(true);
    erasureMark.clear();
    expect(erasureMark.due()).toBe(false);
  });

  it('is never due where storage is refused, and setting it then is no error', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => erasureMark.set()).not.toThrow();
    expect(erasureMark.due()).toBe(false);
    expect(() => erasureMark.clear()).not.toThrow();
  });
});
