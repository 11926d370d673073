import { paths } from '@fit/shared/model';
import { describe, expect, it } from 'vitest';
import { nameRepair } from '../repair-stored-data.ts';

describe('the one-off repair of stored activity names', () => {
  it('puts a catalogue name in display case, with its calorie units when missing, and leaves the rest', () => {
    const rep = (id: string) => paths.rep('u1', id);
    expect(
      nameRepair(rep('a'), { activityType: 'bench press', count: 5, timestamp: 1, calorieUnits: 0 }),
    ).toEqual({ kind: 'update', path: rep('a'), data: { activityType: 'Bench Press' } });
    expect(nameRepair(rep('d'), { activityType: 'RUNNING', time: 10, timestamp: 4 })).toEqual({
      kind: 'update',
      path: rep('d'),
      data: { activityType: 'Running', calorieUnits: 8000 },
    });
    expect(nameRepair(rep('b'), { activityType: 'Running', time: 10, timestamp: 2 })).toBeNull();
    expect(nameRepair(rep('c'), { activityType: 'heavy bag', time: 10, timestamp: 3 })).toBeNull();
    expect(nameRepair(rep('e'), { timestamp: 3 })).toBeNull();
  });
});
