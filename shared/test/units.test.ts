import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bmi, roundBmi } from '../src/formulas.ts';
import {
  defaultUnitSystem,
  exportValue,
  fromStorage,
  implausibleMessage,
  parseBodyMeasure,
  parseDecimal,
  plausibleRange,
  storedValue,
  toStorage,
} from '../src/units.ts';

const POSITIVE = 'Height must be a positive number.';

describe('parseDecimal', () => {
  it.each([
    ['181.5', 181.5],
    ['181,5', 181.5],
    [' 80 ', 80],
    ['.5', 0.5],
    [',5', 0.5],
    ['80.', 80],
  ])('reads %j as %d', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each(['', ' ', '1,800.5', '1.800,5', '1e3', '12kg', '0x10', 'Infinity', '--1', '1 000'])(
    'refuses %j',
    (text) => expect(parseDecimal(text)).toBeNaN(),
  );
});

describe('defaultUnitSystem', () => {
  it.each([
    ['en-US', 'imperial'],
    ['en_us', 'imperial'],
    ['es-US', 'imperial'],
    ['my-MM', 'imperial'],
    ['en-GB', 'metric'],
    ['de-DE', 'metric'],
    ['de', 'metric'],
    ['', 'metric'],
    [undefined, 'metric'],
    ['zh-Hans-CN', 'metric'],
  ])('%s -> %s', (locale, system) => expect(defaultUnitSystem(locale)).toBe(system));
});

describe('conversions', () => {
  it('round-trips kilograms and centimetres through storage units', () => {
    for (const v of [1, 55.5, 80, 180, 250]) {
      expect(fromStorage('bodyWeight', toStorage('bodyWeight', v, 'metric'), 'metric')).toBeCloseTo(v, 9);
      expect(fromStorage('height', toStorage('height', v, 'metric'), 'metric')).toBeCloseTo(v, 9);
      expect(toStorage('height', v, 'imperial')).toBe(v);
    }
  });

  it('80 kg and 180 cm give BMI 24.7 through the spec formula on stored units', () => {
    const w = parseBodyMeasure('bodyWeight', '80', 'metric', 'x');
    const h = parseBodyMeasure('height', '180', 'metric', 'x');
    if (!('value' in w) || !('value' in h)) throw new Error('refused');
    expect(roundBmi(bmi(w.value, h.value) as number)).toBe(24.7);
  });
});

describe('parseBodyMeasure', () => {
  it('refuses height 1.8 in imperial with a message naming inches', () => {
    expect(parseBodyMeasure('height', '1.8', 'imperial', POSITIVE)).toEqual({
      message: 'Height must be between 36 and 108 inches.',
    });
  });

  it('refuses 180 typed as inches and 1.8 typed as centimetres', () => {
    expect(parseBodyMeasure('height', '180', 'imperial', POSITIVE)).toHaveProperty('message');
    expect(parseBodyMeasure('height', '1.8', 'metric', POSITIVE)).toEqual({
      message: 'Height must be between 92 and 274 cm.',
    });
  });

  it("keeps the spec's message for missing, non-numeric and non-positive values", () => {
    for (const text of ['', 'abc', '0', '-70', '1,2,3'])
      expect(parseBodyMeasure('height', text, 'imperial', POSITIVE)).toEqual({ message: POSITIVE });
  });

  it('accepts the edges of the range the message states, in both systems', () => {
    for (const system of ['metric', 'imperial'] as const)
      for (const measure of ['height', 'bodyWeight'] as const) {
        const { min, max } = plausibleRange(measure, system);
        expect(parseBodyMeasure(measure, String(min), system, 'x')).toHaveProperty('value');
        expect(parseBodyMeasure(measure, String(max), system, 'x')).toHaveProperty('value');
        expect(parseBodyMeasure(measure, String(min - 1), system, 'x')).toEqual({
          message: implausibleMessage(measure, system),
        });
        expect(parseBodyMeasure(measure, String(max + 1), system, 'x')).toHaveProperty('message');
      }
  });

  it("accepts a German user's comma decimal", () => {
    expect(parseBodyMeasure('bodyWeight', '81,5', 'metric', 'x')).toEqual({ value: 179.68 });
  });
});

describe('exportValue (a metric export reads back as the value stored)', () => {
  it('writes what a metric person typed, and lbs typed by an imperial person with up to 3 places', () => {
    expect(exportValue('weightLifted', storedValue('weightLifted', 80, 'metric'), 'metric')).toBe(80);
    expect(exportValue('bodyWeight', storedValue('bodyWeight', 72.5, 'metric'), 'metric')).toBe(72.5);
    expect(exportValue('weightLifted', 135, 'metric')).toBe(61.235);
    expect(exportValue('weightLifted', 135, 'imperial')).toBe(135);
  });

  it('any stored hundredth of a lb, exported in kg and typed back, is stored exactly again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 250_000 }), (hundredths) => {
        const stored = hundredths / 100;
        const kg = exportValue('weightLifted', stored, 'metric');
        expect(storedValue('weightLifted', parseDecimal(String(kg)), 'metric')).toBe(stored);
        expect(String(kg)).toMatch(/^\d+(\.\d{1,3})?$/);
      }),
    );
  });

  it('any kg a metric person types (a tenth) comes back as typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (tenths) => {
        const typed = tenths / 10;
        expect(exportValue('bodyWeight', storedValue('bodyWeight', typed, 'metric'), 'metric')).toBe(typed);
      }),
    );
  });
});
