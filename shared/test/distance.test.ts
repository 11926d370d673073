import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITIES, coversGround, findActivity } from '../src/catalogue.ts';
import {
  distanceExportValue,
  distanceInputText,
  distanceLimitIn,
  fastestPaceText,
  formatClock,
  formatDistance,
  formatPace,
  METRES_PER_MILE,
  metresFromTyped,
  paceSeconds,
} from '../src/distance.ts';
import { validateDocument } from '../src/documents.ts';
import { calorieUnits } from '../src/formulas.ts';
import { MESSAGES, validateActivityForm } from '../src/validation.ts';

const NOW = Date.UTC(2026, 10, 22, 15, 30);
const running = findActivity('Running');
if (!running) throw new Error('Running is in the catalogue');

describe('the catalogue marks activities that cover ground', () => {
  it('running, walking, cycling, swimming, rowing, hiking and the like; not machines or mats', () => {
    const ground = ACTIVITIES.filter(coversGround).map((a) => a.name);
    expect(ground).toEqual(
      expect.arrayContaining(['Running', 'Walking', 'Cycling', 'Swimming', 'Rowing', 'Hiking', 'Jogging']),
    );
    for (const name of ['Stationary Bike', 'Elliptical', 'Yoga', 'Bench Press', 'Push Ups'])
      expect(ground, name).not.toContain(name);
    // Only cardio covers ground, and every such activity takes minutes (a pace needs them).
    for (const a of ACTIVITIES.filter(coversGround)) {
      expect(a.category, a.name).toBe('cardio');
      expect(a.fields, a.name).toContain('time');
    }
  });

  it('each distance limit is reachable within the minutes limit at the top speed', () => {
    for (const a of ACTIVITIES.filter(coversGround)) {
      const fewest = Math.ceil(a.distance.metres / a.distance.metresPerMinute);
      expect(fewest, a.name).toBeLessThanOrEqual(a.limits.minutes);
    }
  });
});

describe('pace', () => {
  it('a 5 km run in 25:00 is 5:00 /km, and 8:03 /mi for an imperial person', () => {
    expect(formatPace(5000, 25, 'metric')).toBe('5:00 /km');
    expect(formatPace(5000, 25, 'imperial')).toBe('8:03 /mi');
  });

  it('rounds to the second (59.5 s carries into the next minute) and shows hours from 60 minutes on', () => {
    expect(formatClock(299.4)).toBe('4:59');
    expect(formatClock(359.5)).toBe('6:00');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatPace(1000, 75, 'metric')).toBe('1:15:00 /km');
  });

  it('has no pace without a distance or minutes', () => {
    expect(paceSeconds(undefined, 25, 'metric')).toBeNull();
    expect(paceSeconds(5000, undefined, 'metric')).toBeNull();
    expect(paceSeconds(0, 25, 'metric')).toBeNull();
    expect(formatPace(5000, 0, 'imperial')).toBeNull();
  });

  it('per mile is per km times 1.609344, whatever the distance and minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400_000 }), fc.integer({ min: 1, max: 720 }), (m, min) => {
        const km = paceSeconds(m, min, 'metric') as number;
        const mi = paceSeconds(m, min, 'imperial') as number;
        expect(mi / km).toBeCloseTo(METRES_PER_MILE / 1000, 9);
      }),
    );
  });

  it('its text reads back as the rounded seconds (m:ss or h:mm:ss)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50_000, noNaN: true }), (seconds) => {
        const text = formatClock(seconds);
        expect(text).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[0-5]?\d:[0-5]\d)$/);
        const parts = text.split(':').map(Number);
        const back = parts.reduce((acc, p) => acc * 60 + p, 0);
        expect(back).toBe(Math.round(seconds));
      }),
    );
  });

  it('a longer time over the same distance is never a faster pace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 359 }), (m, min) => {
        expect(paceSeconds(m, min + 1, 'metric') as number).toBeGreaterThan(
          paceSeconds(m, min, 'metric') as number,
        );
      }),
    );
  });

  it("names the fastest pace a top speed allows, rounded up: Running's 450 m a minute", () => {
    expect(fastestPaceText(450, 'metric')).toBe('2:14 /km');
    expect(fastestPaceText(450, 'imperial')).toBe('3:35 /mi');
  });
});

describe('distance units', () => {
  it('stores whole metres from km or miles, and shows them back', () => {
    expect(metresFromTyped(5, 'metric')).toBe(5000);
    expect(metresFromTyped(3.1, 'imperial')).toBe(4989);
    expect(formatDistance(5000, 'metric')).toBe('5 km');
    expect(formatDistance(5000, 'imperial')).toBe('3.11 mi');
    expect(formatDistance(42_195, 'metric')).toBe('42.2 km');
    expect(distanceLimitIn(100_000, 'imperial')).toBe(62.1);
  });

  it('km typed to the metre reads back exactly; miles to 2 places read back as typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400_000 }), (metres) => {
        const text = distanceInputText(metres, 'metric');
        expect(metresFromTyped(Number(text), 'metric')).toBe(metres);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25_000 }), (hundredths) => {
        const miles = hundredths / 100;
        const metres = metresFromTyped(miles, 'imperial');
        expect(distanceInputText(metres, 'imperial')).toBe(String(miles));
      }),
    );
  });
});

describe('distances in exports', () => {
  it('any metres, written in km or mi, import back as the same metres (miles with 2 to 4 places)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400_000 }), (metres) => {
        for (const system of ['metric', 'imperial'] as const) {
          const written = distanceExportValue(metres, system);
          expect(metresFromTyped(Number(String(written)), system)).toBe(metres);
        }
        expect(String(distanceExportValue(metres, 'imperial'))).toMatch(/^\d+(\.\d{1,4})?$/);
      }),
    );
    expect(distanceExportValue(5000, 'imperial')).toBe(3.107);
    expect(distanceExportValue(5000, 'metric')).toBe(5);
  });
});

describe('a distance on the activity form and on the server', () => {
  const base = { userId: 'u1', activityType: 'Running', timestamp: NOW };
  const ok = (input: Parameters<typeof validateActivityForm>[0]) => {
    const v = validateActivityForm(input);
    if (!v.ok) throw new Error(v.message);
    return v.value;
  };
  const message = (input: Parameters<typeof validateActivityForm>[0]) => {
    const v = validateActivityForm(input);
    return v.ok ? null : [v.message, v.field];
  };

  it('is optional; stored in metres from km or miles', () => {
    expect(ok({ ...base, time: '25' }).distance).toBeUndefined();
    expect(ok({ ...base, time: '25', distance: '5' }).distance).toBe(5000);
    expect(ok({ ...base, time: '25', distance: '5,5' }).distance).toBe(5500);
    expect(ok({ ...base, time: '25', distance: '3.1', distanceUnits: 'imperial' }).distance).toBe(4989);
    // Calories stay the spec's formula: the distance changes nothing there.
    expect(ok({ ...base, time: '25', distance: '5' }).calorieUnits).toBe(
      calorieUnits({ activityType: 'Running', time: 25 }),
    );
  });

  it.each(['0', '-5', 'far', '1e3', '0.0001'])('refuses %j with a clear message', (distance) => {
    expect(message({ ...base, time: '25', distance })).toEqual([MESSAGES.distancePositive, 'distance']);
  });

  it('names the limit in the person unit; accepts it exactly', () => {
    expect(message({ ...base, time: '360', distance: '100.001' })).toEqual([
      'Distance cannot exceed 100 km for Running.',
      'distance',
    ]);
    expect(ok({ ...base, time: '360', distance: '100' }).distance).toBe(100_000);
    expect(message({ ...base, time: '360', distance: '62.2', distanceUnits: 'imperial' })).toEqual([
      'Distance cannot exceed 62.1 mi for Running.',
      'distance',
    ]);
    expect(ok({ ...base, time: '360', distance: '62.1', distanceUnits: 'imperial' }).distance).toBe(99_940);
  });

  it('refuses a pace faster than the top speed, named as a pace', () => {
    expect(message({ ...base, time: '1', distance: '42.195' })).toEqual([
      'Pace cannot be faster than 2:14 /km for Running.',
      'distance',
    ]);
    expect(message({ ...base, time: '10', distance: '3', distanceUnits: 'imperial' })).toEqual([
      'Pace cannot be faster than 3:35 /mi for Running.',
      'distance',
    ]);
  });

  it('ignores a distance on an activity that covers no ground, as the form ignores inputs it does not take', () => {
    expect(ok({ ...base, activityType: 'Yoga', time: '30', distance: '5' }).distance).toBeUndefined();
  });

  it('keeps stored metres given as they are (an edit that left the distance as shown)', () => {
    expect(ok({ ...base, time: '25', distance: 'ignored', distanceMetres: 4989 }).distance).toBe(4989);
  });

  it('the server check (documents.ts) holds the same bounds as the rules', () => {
    const doc = (activityType: string, time: number, distance: unknown) => ({
      activityType,
      time,
      distance,
      timestamp: NOW,
      calorieUnits: calorieUnits({ activityType, time }),
    });
    const check = (d: Record<string, unknown>) =>
      validateDocument('reps', d, { uid: 'u1', now: NOW, before: null });
    expect(check(doc('Running', 25, 5000)).ok).toBe(true);
    for (const bad of [
      doc('Running', 25, 0),
      doc('Running', 25, 5000.5),
      doc('Running', 360, 100_001),
      doc('Running', 1, 451),
      doc('Yoga', 30, 1000),
      doc('Running', 25, '5000'),
    ])
      expect(check(bad).ok, JSON.stringify(bad)).toBe(false);
  });
});
