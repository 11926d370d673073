import { describe, expect, it } from 'vitest';
import { initials, relativeTime, splitLinks } from './format.ts';

const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

describe('relativeTime', () => {
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [30 * 3_600_000, 'yesterday'],
    [4 * 86_400_000, '4 d ago'],
    [-60_000, 'just now'],
  ])('%i ms ago -> %s', (ago, text) => {
    expect(relativeTime(NOW - ago, NOW)).toBe(text);
  });

  it('says yesterday only of the calendar day before, in the viewer zone', () => {
    // Wednesday 15:00 local; a post from Monday 16:00 is 47 hours old but two days back.
    const now = new Date(2026, 10, 25, 15, 0).getTime();
    expect(relativeTime(new Date(2026, 10, 23, 16, 0).getTime(), now)).toBe('2 d ago');
    expect(relativeTime(new Date(2026, 10, 24, 9, 0).getTime(), now)).toBe('yesterday');
    // Sunday 20:00 to Wednesday 08:00 is 2.5 days of hours, three calendar days.
    const morning = new Date(2026, 10, 25, 8, 0).getTime();
    expect(relativeTime(new Date(2026, 10, 22, 20, 0).getTime(), morning)).toBe('3 d ago');
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Grace  Brewster Hopper ', 'GB'],
    ['', '?'],
  ])('%s -> %s', (name, out) => expect(initials(name)).toBe(out));
});

describe('splitLinks', () => {
  it('links only http(s) and www addresses, trimming trailing punctuation', () => {
    expect(splitLinks('Go to https://a.example/x?y=1, or (http://b.example/p).')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'https://a.example/x?y=1', href: 'https://a.example/x?y=1' },
      { kind: 'text', text: ', or (' },
      { kind: 'link', text: 'http://b.example/p', href: 'http://b.example/p' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never links other schemes', () => {
    for (const message of [
      'javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'ftp://x.example',
      'vbscript:x',
    ]) {
      expect(splitLinks(message).filter((p) => p.kind === 'link')).toEqual([]);
    }
  });

  it('keeps balanced brackets inside a URL', () => {
    const parts = splitLinks('https://en.wikipedia.org/wiki/Squat_(exercise)');
    expect(parts).toEqual([
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Squat_(exercise)',
        href: 'https://en.wikipedia.org/wiki/Squat_(exercise)',
      },
    ]);
  });
});
