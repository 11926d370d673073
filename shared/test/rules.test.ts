/**
 * firestore.rules against shared/: the generated constant block is current, the rules' calorie
 * formula over the generated map equals shared calorieUnits, and the structure holds (default deny,
 * no client write of any projection). What the rules allow or deny, case by case, is the access
 * contract's job (functions/test/rules.contract.test.ts, against the Firestore emulator).
 */
import { describe, expect, it } from 'vitest';
import rules from '../../firestore.rules?raw';
// @ts-expect-error: a plain ESM script (node runs it without a build step); no type declarations.
import { BEGIN, END, generateBlock } from '../../scripts/gen-rules.mjs';
import { ACTIVITIES, findActivity } from '../src/catalogue.ts';
import { ITEM_ID_PATTERN } from '../src/doc-paths.ts';
import { calorieUnits } from '../src/formulas.ts';
import { GENDERS, GOAL_TYPES } from '../src/model.ts';
import { CALENDAR_DATE_PATTERN } from '../src/periods.ts';
import { RULES_PATTERNS } from '../src/text.ts';
import { UNIT_SYSTEMS } from '../src/units.ts';
import { LIMITS } from '../src/validation.ts';

describe('firestore.rules', () => {
  it('has the generated constant block of the current shared/ (else: node scripts/gen-rules.mjs)', () => {
    const block = (generateBlock as (m: object) => string)({
      ACTIVITIES,
      LIMITS,
      GENDERS,
      GOAL_TYPES,
      RULES_PATTERNS,
      UNIT_SYSTEMS,
      CALENDAR_DATE_PATTERN,
      ITEM_ID_PATTERN,
    });
    const start = rules.indexOf(BEGIN as string);
    const end = rules.indexOf(END as string);
    expect(start).toBeGreaterThan(0);
    expect(rules.slice(start, end + (END as string).length)).toBe(block);
  });

  it("the rules' calorieUnits formula and per-activity limits over the generated map equal shared's", () => {
    const block = rules.slice(
      rules.indexOf('function catalogue()'),
      rules.indexOf('function activityNames()'),
    );
    const entries = new Map(
      [...block.matchAll(/'([^']+)': (\d+)/g)].map((m) => {
        const code = Number(m[2]);
        // rate10(), takesTime(), takesLifted(), maxMinutes(), maxReps(), maxLifted() in firestore.rules
        return [
          m[1] as string,
          {
            rate10: ((code % 1000) - (code % 8)) / 8,
            count: [1, 3, 5, 7].includes(code % 8),
            time: [2, 3, 6, 7].includes(code % 8),
            weightLifted: [4, 5, 6, 7].includes(code % 8),
            limits: {
              minutes: ((code % 10_000_000) - (code % 1000)) / 1000,
              reps: ((code % 100_000_000_000) - (code % 10_000_000)) / 10_000_000,
              weightLifted: (code - (code % 100_000_000_000)) / 100_000_000_000,
            },
          },
        ];
      }),
    );
    expect(entries.size).toBe(ACTIVITIES.length);
    for (const a of ACTIVITIES) {
      const g = entries.get(a.name);
      expect(g, a.name).toBeDefined();
      expect(g?.limits, a.name).toEqual(a.limits);
      expect([g?.count, g?.time, g?.weightLifted], a.name).toEqual([
        a.fields.includes('count'),
        a.fields.includes('time'),
        a.fields.includes('weightLifted'),
      ]);
      for (const time of [1, 37, 1440]) {
        for (const lifted of [0, 9.5, 10, 135, 2000]) {
          const d: { activityType: string; time?: number; weightLifted?: number } = { activityType: a.name };
          if (g?.time) d.time = time;
          if (g?.weightLifted) d.weightLifted = lifted;
          // expectedUnits() in firestore.rules
          const rulesUnits = g?.time
            ? g.rate10 * (d.time ?? 0) * (10 + (g.weightLifted ? Math.floor((d.weightLifted ?? 0) / 10) : 0))
            : 0;
          expect(rulesUnits, `${a.name} ${time} min ${lifted} lbs`).toBe(calorieUnits(d));
          expect(findActivity(a.name)?.name).toBe(a.name);
        }
      }
    }
  });

  it('denies by default and lets no client write a projection', () => {
    const body = rules.replace(/\/\/.*$/gm, '');
    for (const projection of ['feedPosts', 'feedActivities', 'boards']) {
      const m = new RegExp(`match /${projection}/\\{\\w+\\} \\{([^}]*)\\}`).exec(body);
      expect(m?.[1]?.trim(), projection).toBe('allow read: if signedIn();');
    }
    // Read only by verified users (people cards one by one, never listed), and board entries only
    // when visible: never written by a client.
    const people = /match \/people\/\{\w+\} \{([^}]*)\}/.exec(body);
    expect(people?.[1]?.trim()).toBe('allow get: if signedIn() && verified();');
    const entries = /match \/boardEntries\/\{\w+\} \{([^}]*)\}/.exec(body);
    expect(entries?.[1]?.trim()).toBe(
      'allow read: if signedIn() && verified() && resource.data.visible == true;',
    );
    for (const hidden of ['tombstones', 'feedHorizons', 'itemDeletions'])
      expect(body).not.toContain(`match /${hidden}`);
    expect(body).not.toMatch(/allow[^;]*: if true/);
    expect(body).not.toContain('{document=**}');
  });

  it('uses every limit that bounds a client write', () => {
    for (const key of Object.keys(LIMITS).filter((k) => k !== 'maxGoalTarget')) {
      if (key === 'maxEmailLength' || key === 'timestampSkewMs' || key.startsWith('max'))
        expect(rules.split(`L.${key}`).length - 1, key).toBeGreaterThan(0);
    }
    // maxGoalTarget (9999999) is the goal regex: a positive integer of at most 7 digits.
    expect(String(LIMITS.maxGoalTarget)).toMatch(/^9{7}$/);
    expect(rules).toContain("'^[1-9][0-9]{0,6}$'");
  });
});
