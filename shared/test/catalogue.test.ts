import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  ACTIVITY_CATEGORIES,
  ACTIVITY_NAMES,
  acceptsField,
  findActivity,
  normalizeActivityName,
} from '../src/catalogue.ts';

const byName = (name: string) => {
  const a = ACTIVITIES.find((x) => x.name === name);
  if (!a) throw new Error(`missing ${name}`);
  return a;
};

describe('catalogue', () => {
  it('has exactly the spec counts per category', () => {
    const counts = Object.fromEntries(
      ACTIVITY_CATEGORIES.map((c) => [c, ACTIVITIES.filter((a) => a.category === c).length]),
    );
    expect(counts).toEqual({ weightlifting: 26, cardio: 19, bodyweight: 18, flexibility: 18 });
    expect(ACTIVITIES).toHaveLength(81);
    expect(ACTIVITY_NAMES).toHaveLength(81);
  });

  it('has unique names, also after case and spacing are ignored', () => {
    expect(new Set(ACTIVITY_NAMES).size).toBe(ACTIVITY_NAMES.length);
    const folded = ACTIVITY_NAMES.map((n) => n.toLowerCase().replace(/[^a-z]/g, ''));
    expect(new Set(folded).size).toBe(folded.length);
  });

  it('names are display-cased and trimmed', () => {
    for (const name of ACTIVITY_NAMES) {
      expect(name).toBe(name.trim());
      expect(name).not.toMatch(/\s{2}/);
      expect(name.charAt(0)).toBe(name.charAt(0).toUpperCase());
      expect(normalizeActivityName(name)).toBe(name);
    }
  });

  it('rates lie within 1.5..9 and rate*10 is an integer (calorie units stay exact)', () => {
    for (const a of ACTIVITIES) {
      expect(a.rate, a.name).toBeGreaterThanOrEqual(1.5);
      expect(a.rate, a.name).toBeLessThanOrEqual(9);
      expect(Number.isInteger(a.rate * 10), a.name).toBe(true);
    }
    const rates = ACTIVITIES.map((a) => a.rate);
    expect(Math.min(...rates)).toBe(1.5);
    expect(Math.max(...rates)).toBe(9);
  });

  it.each([
    ['Running', 8, 'cardio'],
    ['Sprinting', 9, 'cardio'],
    ['Walking', 4.5, 'cardio'],
    ['Yoga', 3.5, 'flexibility'],
    ['Bench Press', 5, 'weightlifting'],
    ['Squats', 6, 'weightlifting'],
    ['Childs Pose', 1.5, 'flexibility'],
  ] as const)('spec example %s has rate %s', (name, rate, category) => {
    const a = byName(name);
    expect(a.rate).toBe(rate);
    expect(a.category).toBe(category);
  });

  it('fields follow the category: cardio and flexibility time only, bodyweight reps + time', () => {
    for (const a of ACTIVITIES) {
      const fields = [...a.fields].sort();
      if (a.category === 'cardio' || a.category === 'flexibility') expect(fields, a.name).toEqual(['time']);
      if (a.category === 'bodyweight') expect(fields, a.name).toEqual(['count', 'time']);
    }
  });

  it('weightlifting takes reps, time and weight lifted, except Leg Curl and Leg Extension', () => {
    const exceptions: string[] = [];
    for (const a of ACTIVITIES.filter((x) => x.category === 'weightlifting')) {
      const fields = [...a.fields].sort();
      if (fields.join() === 'count,weightLifted') exceptions.push(a.name);
      else expect(fields, a.name).toEqual(['count', 'time', 'weightLifted']);
    }
    expect(exceptions.sort()).toEqual(['Leg Curl', 'Leg Extension']);
    for (const name of ['Leg Curl', 'Leg Extension']) {
      const a = byName(name);
      expect(acceptsField(a, 'count')).toBe(true);
      expect(acceptsField(a, 'weightLifted')).toBe(true);
      expect(acceptsField(a, 'time')).toBe(false);
    }
  });

  it('no activity outside weightlifting takes weight lifted', () => {
    for (const a of ACTIVITIES.filter((x) => x.category !== 'weightlifting'))
      expect(acceptsField(a, 'weightLifted'), a.name).toBe(false);
  });

  it('catalogue entries are frozen', () => {
    expect(Object.isFrozen(ACTIVITIES)).toBe(true);
    expect(Object.isFrozen(byName('Running'))).toBe(true);
  });

  describe('lookup and display case', () => {
    it.each([
      ['bench press', 'Bench Press'],
      ['BENCH PRESS', 'Bench Press'],
      ['  Bench   press ', 'Bench Press'],
      ['bench-press', 'Bench Press'],
      ["child's pose", 'Childs Pose'],
      ['child\u2019s pose', 'Childs Pose'],
      ['cross country skiing', 'Cross-Country Skiing'],
      ['PUSH UPS', 'Push Ups'],
    ])('%j normalizes to %j', (input, expected) => {
      expect(normalizeActivityName(input)).toBe(expected);
      expect(findActivity(input)?.name).toBe(expected);
    });

    it('every catalogue name is found from its lower and upper case', () => {
      for (const name of ACTIVITY_NAMES) {
        expect(findActivity(name.toLowerCase())?.name).toBe(name);
        expect(findActivity(name.toUpperCase())?.name).toBe(name);
      }
    });

    it('unknown names are not found and are display-cased word by word', () => {
      expect(findActivity('heavy bag')).toBeUndefined();
      expect(findActivity('')).toBeUndefined();
      expect(findActivity('Bench')).toBeUndefined();
      expect(normalizeActivityName('heavy  BAG ')).toBe('Heavy Bag');
      expect(normalizeActivityName('')).toBe('');
    });

    it('refuses non-strings without throwing', () => {
      expect(findActivity(undefined as unknown as string)).toBeUndefined();
      expect(findActivity(42 as unknown as string)).toBeUndefined();
    });
  });
});
