import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findActivity } from '../src/catalogue.ts';
import { validateDocument } from '../src/documents.ts';
import { calorieUnits } from '../src/formulas.ts';
import { personalRecords } from '../src/progress.ts';
import { entryOf } from '../src/reactions/progress.ts';
import {
  consistentSets,
  epleyOneRepMax,
  type LiftSet,
  MAX_SETS,
  readSets,
  setsOneRepMax,
  setsTotals,
  setsVolume,
  takesSets,
} from '../src/sets.ts';
import { MESSAGES, storedSetsProblem, validateActivityForm } from '../src/validation.ts';

const bench = findActivity('Bench Press');
if (!bench) throw new Error('Bench Press is in the catalogue');
const NOW = Date.UTC(2026, 10, 28, 12);

const aSet = fc.record({
  reps: fc.integer({ min: 1, max: 15 }),
  // Loads as stored: lbs to a hundredth (a kg value converted), up to the bench limit.
  weight: fc.integer({ min: 0, max: 80_000 }).map((n) => n / 100),
});
const someSets = fc.array(aSet, { minLength: 1, maxLength: MAX_SETS });

function form(sets: readonly { reps: string | number; weight: string | number }[], extra = {}) {
  return validateActivityForm({
    userId: 'u',
    activityType: 'Bench Press',
    time: '15',
    timestamp: NOW,
    sets,
    ...extra,
  });
}

describe('sets: derived fields', () => {
  it('reps are the sum of the sets, weight lifted the heaviest (3 sets of a bench press)', () => {
    const sets = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
      { reps: 5, weight: 155 },
    ];
    expect(setsTotals(sets)).toEqual({ count: 19, weightLifted: 155 });
    const r = form(sets.map((s) => ({ reps: String(s.reps), weight: String(s.weight) })));
    expect(r.ok && r.value).toMatchObject({ count: 19, weightLifted: 155, sets });
  });

  it('property: the form derives count and weightLifted, and calories as without sets', () => {
    fc.assert(
      fc.property(someSets, (sets) => {
        const r = form(sets);
        const count = sets.reduce((n, s) => n + s.reps, 0);
        const heaviest = Math.max(...sets.map((s) => s.weight));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.count).toBe(count);
        expect(r.value.weightLifted).toBe(heaviest);
        // The spec's fields alone give the same calories: sets change nothing for anyone else.
        expect(r.value.calorieUnits).toBe(
          calorieUnits({ activityType: 'Bench Press', time: 15, weightLifted: heaviest }),
        );
        // What the form writes is what the server's document check accepts.
        const doc = validateDocument('reps', { ...r.value }, { uid: 'u', now: NOW, before: null });
        expect(doc.ok).toBe(true);
        expect(storedSetsProblem(bench, r.value)).toBeNull();
      }),
    );
  });

  it('property: every set is at most the heaviest, and one set is it', () => {
    fc.assert(
      fc.property(someSets, (sets) => {
        const { weightLifted } = setsTotals(sets);
        expect(sets.every((s) => s.weight <= weightLifted)).toBe(true);
        expect(sets.some((s) => s.weight === weightLifted)).toBe(true);
      }),
    );
  });

  it('typed reps and weight lifted are ignored once sets are given', () => {
    const r = form([{ reps: '5', weight: '100' }], { count: '99', weightLifted: '300' });
    expect(r.ok && [r.value.count, r.value.weightLifted]).toEqual([5, 100]);
  });

  it('takes sets only for activities with reps and a load', () => {
    expect(takesSets(bench)).toBe(true);
    expect(takesSets(findActivity('Leg Curl') ?? bench)).toBe(true);
    for (const name of ['Push Ups', 'Running', 'Yoga']) {
      const a = findActivity(name);
      expect(a && takesSets(a), name).toBe(false);
      const r = validateActivityForm({
        userId: 'u',
        activityType: name,
        time: '10',
        timestamp: NOW,
        sets: [{ reps: 5, weight: 0 }],
      });
      expect(r).toEqual({ ok: false, message: `${a?.name} does not take sets.`, field: 'sets' });
    }
  });
});

describe('sets: every bad input is named', () => {
  const cases: [string, { reps: string; weight: string }[], string, string][] = [
    [
      'an empty set',
      [{ reps: '', weight: '' }],
      'Set 1 is empty: enter its reps and weight, or remove it.',
      'set-0-reps',
    ],
    [
      '0 reps',
      [
        { reps: '5', weight: '100' },
        { reps: '0', weight: '100' },
      ],
      'Set 2: Reps must be a positive whole number.',
      'set-1-reps',
    ],
    [
      '2.5 reps',
      [{ reps: '2.5', weight: '100' }],
      'Set 1: Reps must be a positive whole number.',
      'set-0-reps',
    ],
    ['no load', [{ reps: '5', weight: '' }], `Set 1: ${MESSAGES.weightLiftedNonNegative}`, 'set-0-weight'],
    [
      'a negative load',
      [{ reps: '5', weight: '-1' }],
      `Set 1: ${MESSAGES.weightLiftedNonNegative}`,
      'set-0-weight',
    ],
    [
      'text as load',
      [{ reps: '5', weight: 'heavy' }],
      `Set 1: ${MESSAGES.weightLiftedNonNegative}`,
      'set-0-weight',
    ],
    [
      'over the limit',
      [{ reps: '1', weight: '801' }],
      'Set 1: Weight lifted cannot exceed 800 lbs for Bench Press.',
      'set-0-weight',
    ],
    [
      'reps over the entry limit',
      Array.from({ length: 4 }, () => ({ reps: '100', weight: '100' })),
      'The sets add up to more reps than allowed. Reps cannot exceed 300 reps for Bench Press.',
      'sets',
    ],
    [
      'too many sets',
      Array.from({ length: MAX_SETS + 1 }, () => ({ reps: '1', weight: '100' })),
      'An entry holds at most 20 sets.',
      'sets',
    ],
  ];
  for (const [name, sets, message, field] of cases)
    it(name, () => expect(form(sets)).toEqual({ ok: false, message, field }));
});

describe('sets: stored documents (imports, the server)', () => {
  const base = { activityType: 'Bench Press', time: 15, timestamp: NOW };
  const doc = (sets: unknown, count: number, weightLifted: number) => ({
    ...base,
    sets,
    count,
    weightLifted,
    calorieUnits: calorieUnits({ ...base, weightLifted }),
  });
  const check = (d: Record<string, unknown>) =>
    validateDocument('reps', d, { uid: 'u', now: NOW, before: null });
  it('accepts consistent sets and refuses a mismatch with a reason', () => {
    expect(check(doc([{ reps: 5, weight: 100 }], 5, 100)).ok).toBe(true);
    expect(check(doc([{ reps: 5, weight: 100 }], 6, 100))).toMatchObject({
      ok: false,
      message: MESSAGES.setsCountMismatch,
    });
    expect(check(doc([{ reps: 5, weight: 100 }], 5, 110))).toMatchObject({
      ok: false,
      message: MESSAGES.setsLiftedMismatch,
    });
    expect(check(doc([], 5, 100)).ok).toBe(false);
    expect(check(doc([{ reps: 5, weight: '100' }], 5, 100)).ok).toBe(false);
    expect(check(doc([{ reps: 5, weight: 100, rpe: 8 }], 5, 100)).ok).toBe(false);
  });
  it('readers trust only sets that agree with reps and weight lifted (what the rules leave open)', () => {
    const sets = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
    ];
    expect(consistentSets({ sets, count: 14, weightLifted: 155 })).toEqual(sets);
    expect(consistentSets({ sets, count: 15, weightLifted: 155 })).toBeUndefined();
    expect(consistentSets({ sets, count: 14, weightLifted: 160 })).toBeUndefined();
    expect(consistentSets({ sets: [{ reps: 0, weight: 1 }], count: 0, weightLifted: 1 })).toBeUndefined();
    expect(consistentSets({ sets: [{ reps: 2.5, weight: 1 }], count: 2.5, weightLifted: 1 })).toBeUndefined();
    expect(consistentSets({ sets: [{ reps: 1, weight: -1 }], count: 1, weightLifted: 0 })).toBeUndefined();
    const many = Array.from({ length: MAX_SETS + 1 }, () => ({ reps: 1, weight: 1 }));
    expect(consistentSets({ sets: many, count: MAX_SETS + 1, weightLifted: 1 })).toBeUndefined();
  });

  it('reads stored sets defensively', () => {
    expect(readSets([{ reps: 5, weight: 100 }])).toEqual([{ reps: 5, weight: 100 }]);
    for (const bad of [undefined, [], [5], [{ reps: '5', weight: 1 }], [{ reps: 5 }], [null], { 0: 1 }])
      expect(readSets(bad)).toBeUndefined();
  });
});

describe('volume and estimated one-rep max (Epley)', () => {
  it('plain cases', () => {
    const sets: LiftSet[] = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
      { reps: 5, weight: 155 },
    ];
    expect(setsVolume(sets)).toBe(8 * 135 + 6 * 155 + 5 * 155);
    expect(epleyOneRepMax(100, 1)).toBe(100);
    expect(epleyOneRepMax(100, 10)).toBeCloseTo(133.333, 3);
    expect(epleyOneRepMax(225, 5)).toBe(262.5);
    // 155 x (1 + 6/30) = 186 beats 135 x (1 + 8/30) = 171 and 155 x (1 + 5/30) = 180.83.
    expect(setsOneRepMax(sets)).toBe(186);
    expect(setsOneRepMax([{ reps: 1, weight: 315 }])).toBe(315);
    expect(setsOneRepMax([{ reps: 10, weight: 0 }])).toBe(0);
    expect(setsVolume([])).toBe(0);
  });

  it('property: a single is its own max, more reps at a load estimate more, never below the load', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80_000 }).map((n) => n / 100),
        fc.integer({ min: 1, max: 50 }),
        (w, r) => {
          expect(epleyOneRepMax(w, 1)).toBe(w);
          expect(epleyOneRepMax(w, r)).toBeGreaterThanOrEqual(w);
          expect(epleyOneRepMax(w, r + 1)).toBeGreaterThanOrEqual(epleyOneRepMax(w, r));
          if (r > 1) expect(epleyOneRepMax(w, r)).toBeCloseTo(w * (1 + r / 30), 9);
        },
      ),
    );
  });

  it('property: volume adds over sets, in any order; the max is the best set', () => {
    fc.assert(
      fc.property(someSets, someSets, (a, b) => {
        expect(setsVolume([...a, ...b])).toBeCloseTo(setsVolume(a) + setsVolume(b), 6);
        expect(setsVolume([...a].reverse())).toBeCloseTo(setsVolume(a), 6);
        const best = Math.max(...a.map((s) => epleyOneRepMax(s.weight, s.reps)));
        // Rounded to a hundredth, as shown.
        expect(Math.abs(setsOneRepMax(a) - best)).toBeLessThanOrEqual(0.0051);
        expect(setsOneRepMax([...a, ...b])).toBe(Math.max(setsOneRepMax(a), setsOneRepMax(b)));
      }),
    );
  });
});

describe('volume and one-rep max records', () => {
  const doc = (id: string, sets: LiftSet[] | undefined, count: number, weightLifted: number) =>
    entryOf({
      id,
      path: `users/u/reps/${id}`,
      data: {
        activityType: 'Bench Press',
        time: 15,
        count,
        weightLifted,
        timestamp: NOW,
        calorieUnits: 0,
        ...(sets ? { sets } : {}),
      },
    });
  it('come from entries whose sets hold; an entry without sets, or with sets that disagree, sets none', () => {
    const entries = [
      doc('a', [{ reps: 10, weight: 100 }], 10, 100), // volume 1000, 1RM 133.33
      doc(
        'b',
        [
          { reps: 1, weight: 150 },
          { reps: 5, weight: 120 },
        ],
        6,
        150,
      ), // volume 750, 1RM 150
      doc('c', undefined, 100, 300), // no sets: no volume, no 1RM
      doc('d', [{ reps: 50, weight: 300 }], 10, 300), // sets that do not add up: ignored
    ].flatMap((e) => (e ? [e] : []));
    const r = personalRecords(entries).get('Bench Press');
    expect(r?.volume).toMatchObject({ value: 1000, id: 'a' });
    expect(r?.oneRepMax).toMatchObject({ value: 150, id: 'b' });
    expect(r?.weightLifted).toMatchObject({ value: 300, id: 'c' });
  });
});
