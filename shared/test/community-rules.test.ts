/** The small pure rules the browser used to hold in web/src/data: one definition in shared/. */
import { describe, expect, it } from 'vitest';
import { offeredActivities, savedActivities } from '../src/activity-preferences.ts';
import { ACTIVITY_NAMES } from '../src/catalogue.ts';
import { BOARD_PLACES, currentPlaces, FEED_SHOWN, isBoardCurrent } from '../src/community.ts';
import { currentWeightAfterDelete, currentWeightAfterEdit } from '../src/current-weight.ts';
import type { Board } from '../src/model.ts';
import { splitName } from '../src/names.ts';
import { periodKey } from '../src/periods.ts';
import { reactionQueries } from '../src/reactions/queries.ts';

const NOW = Date.UTC(2026, 10, 23, 12);

function board(fields: Partial<Board> = {}): Board {
  return {
    kind: 'daily',
    periodKey: periodKey('daily', NOW, 'UTC'),
    timeZone: 'UTC',
    reps: [{ uid: 'u1', userName: 'Ann', value: 5 }],
    minutes: [],
    calories: [],
    computedAt: NOW,
    ...fields,
  };
}

describe('community', () => {
  it('the spec numbers: 30 of each feed, top 3 per board; the rollup reads the same top 3', () => {
    expect(FEED_SHOWN).toBe(30);
    expect(BOARD_PLACES).toBe(3);
    expect(reactionQueries.topEntries('d2026-11-23', 'reps').limit).toBe(BOARD_PLACES);
  });

  it("a board is current only for the period running now in the board's own time zone", () => {
    expect(isBoardCurrent(board(), NOW)).toBe(true);
    expect(isBoardCurrent(board(), NOW + 24 * 3600_000)).toBe(false);
    expect(isBoardCurrent(board({ periodKey: '' }), NOW)).toBe(false);
    // 05:00 UTC on the 23rd is 19:00 on the 22nd in Honolulu: the board's own zone decides
    const early = Date.UTC(2026, 10, 23, 5);
    const honolulu = board({
      timeZone: 'Pacific/Honolulu',
      periodKey: periodKey('daily', early, 'Pacific/Honolulu'),
    });
    expect(honolulu.periodKey).not.toBe(periodKey('daily', early, 'UTC'));
    expect(isBoardCurrent(honolulu, early)).toBe(true);
    expect(isBoardCurrent({ ...honolulu, timeZone: 'UTC' }, early)).toBe(false);
  });

  it('an unknown time zone is not current (no data rather than a wrong period)', () => {
    expect(isBoardCurrent(board({ timeZone: 'Mars/Olympus' }), NOW)).toBe(false);
  });

  it('places: the metric of a current board, none for a missing or stale one', () => {
    expect(currentPlaces(board(), 'reps', NOW)).toEqual([{ uid: 'u1', userName: 'Ann', value: 5 }]);
    expect(currentPlaces(board(), 'reps', NOW + 24 * 3600_000)).toEqual([]);
    expect(currentPlaces(null, 'reps', NOW)).toEqual([]);
    expect(currentPlaces(undefined, 'minutes', NOW)).toEqual([]);
  });
});

describe('splitName', () => {
  it("uses the provider's given and family names when either is sent", () => {
    expect(splitName({ givenName: 'Ann', familyName: 'Lee', displayName: 'X Y' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(splitName({ givenName: null, familyName: 'Lee', displayName: 'X Y' })).toEqual({
      firstName: '',
      lastName: 'Lee',
    });
  });

  it('else splits the display name at the first space, trimming', () => {
    expect(splitName({ displayName: '  Mary Ann  van Dyke ' })).toEqual({
      firstName: 'Mary',
      lastName: 'Ann  van Dyke',
    });
    expect(splitName({ displayName: 'Cher' })).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName({ displayName: null })).toEqual({ firstName: '', lastName: '' });
    expect(splitName({})).toEqual({ firstName: '', lastName: '' });
  });
});

describe('activity preferences', () => {
  it('none saved offers all, in catalogue order; a selection keeps catalogue order', () => {
    expect(offeredActivities([])).toEqual([...ACTIVITY_NAMES]);
    const [first, second] = ACTIVITY_NAMES as readonly string[];
    expect(offeredActivities([second as string, first as string])).toEqual([first, second]);
  });

  it('a saved document keeps catalogue names only; anything else reads as none saved', () => {
    const name = ACTIVITY_NAMES[0] as string;
    expect(savedActivities({ activities: [name, 'Not An Activity', 7, null] })).toEqual([name]);
    expect(savedActivities({ activities: 'Running' })).toEqual([]);
    expect(savedActivities(undefined)).toEqual([]);
  });
});

describe('current weight', () => {
  it('an edit of the newest record makes its weight current; of an older one changes nothing', () => {
    const two = [
      { id: 'new', weight: 190, timestamp: 2_000 },
      { id: 'old', weight: 195, timestamp: 1_000 },
    ];
    expect(currentWeightAfterEdit(two, 'new', 189)).toBe(189);
    expect(currentWeightAfterEdit(two, 'old', 210)).toBeNull();
    expect(currentWeightAfterEdit([], 'gone', 150)).toBeNull();
  });

  it('an edit that moves a record in time hands "current" to whichever is newest after it', () => {
    const two = [
      { id: 'new', weight: 190, timestamp: 2_000 },
      { id: 'old', weight: 195, timestamp: 1_000 },
    ];
    expect(currentWeightAfterEdit(two, 'new', 189, 500)).toBe(195); // moved behind: the other is current
    expect(currentWeightAfterEdit(two, 'old', 210, 3_000)).toBe(210); // moved ahead: it is current
    expect(currentWeightAfterEdit(two, 'old', 210, 1_500)).toBeNull(); // still behind: no change
    expect(currentWeightAfterEdit(two, 'new', 189, 1_000)).toBe(189); // a tie keeps the newest
    expect(currentWeightAfterEdit([two[0] as (typeof two)[0]], 'new', 189, 10)).toBe(189); // the only one
    expect(currentWeightAfterEdit(two, 'far', 170, 9_000)).toBe(170); // an older record moved to the front
  });

  it('a delete leaves the newest remaining weight, or 0 when none remains', () => {
    const two = [
      { id: 'new', weight: 190 },
      { id: 'old', weight: 195 },
    ];
    expect(currentWeightAfterDelete(two, 'new')).toBe(195);
    expect(currentWeightAfterDelete(two, 'old')).toBe(190);
    expect(currentWeightAfterDelete([{ id: 'only', weight: 170 }], 'only')).toBe(0);
    expect(currentWeightAfterDelete([], 'x')).toBe(0);
  });
});
