import { describe, expect, it } from 'vitest';
import { timeAxis } from './chart-axis.ts';

const at = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).getTime();

function check(times: number[], maxTicks: number) {
  const axis = timeAxis(times, maxTicks, 'en-US');
  const labels = axis.ticks.map(axis.label);
  expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
  expect(axis.ticks.length).toBeGreaterThanOrEqual(1);
  expect(axis.ticks.length).toBeLessThanOrEqual(maxTicks + 1);
  for (const t of axis.ticks) expect(t >= axis.min && t <= axis.max).toBe(true);
  for (const t of times) expect(t >= axis.min && t <= axis.max).toBe(true);
  return { axis, labels };
}

describe('the weight chart time axis', () => {
  it('several weigh-ins on one day: distinct tick labels, at clock times', () => {
    const { labels } = check([at(5, 7), at(5, 7, 5), at(5, 12), at(5, 18, 30)], 6);
    for (const l of labels) expect(l).toMatch(/\d:\d\d/);
  });

  it('weigh-ins minutes apart get minute ticks, not one date repeated', () => {
    const { labels } = check([at(5, 9), at(5, 9, 2), at(5, 9, 4)], 3);
    expect(labels.every((l) => /9:0\d/.test(l))).toBe(true);
  });

  it('across midnight, the hours carry their date', () => {
    const { labels } = check([at(5, 22), at(6, 6)], 5);
    expect(labels.some((l) => l.startsWith('Mar 6'))).toBe(true);
  });

  it('six weeks of weigh-ins: whole days, distinct dates', () => {
    const times = Array.from({ length: 7 }, (_, i) => at(1 + i * 7, 8));
    const { labels } = check(times, 6);
    for (const l of labels) expect(l).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    // On a phone (3 ticks) months: still distinct.
    check(times, 3);
  });

  it('two years: months with their year', () => {
    const { labels } = check([new Date(2025, 0, 3).getTime(), new Date(2026, 11, 20).getTime()], 6);
    for (const l of labels) expect(l).toMatch(/20\d\d/);
  });

  it('a single weigh-in (or two at the same instant) still gets a window and ticks', () => {
    check([at(5, 9)], 5);
    check([at(5, 9), at(5, 9)], 3);
  });
});
