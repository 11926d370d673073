import { describe, expect, it } from 'vitest';
import { boardZoneNote } from './board-zone.ts';

describe('which day the boards count', () => {
  const noonUtc = Date.UTC(2026, 10, 22, 12, 0);
  it('says nothing when the viewer is on the community clock', () => {
    expect(boardZoneNote(noonUtc, 'UTC', 'UTC')).toBeNull();
    // Another name for the same clock now: nothing to say either.
    expect(boardZoneNote(noonUtc, 'UTC', 'Europe/London')).toBeNull();
  });

  it('names both zones when the clocks differ on the same date', () => {
    expect(boardZoneNote(noonUtc, 'UTC', 'Europe/Berlin')).toBe(
      'Boards count days in UTC, not your time zone (Europe/Berlin).',
    );
  });

  it("says the community's date when it is another day there", () => {
    // 02:00 UTC on the 23rd is 21:00 on the 22nd in New York: the boards count the 23rd.
    const note = boardZoneNote(Date.UTC(2026, 10, 23, 2), 'UTC', 'America/New_York');
    expect(note).toContain('Boards count days in UTC, not your time zone (America/New_York).');
    expect(note).toMatch(/It is Monday, November 23 there\.$/);
  });

  it('an unknown zone name says nothing rather than failing', () => {
    expect(boardZoneNote(noonUtc, 'UTC', 'Not/AZone')).toBeNull();
  });
});
