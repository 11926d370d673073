/**
 * The dashboard's bars are MUI's determinate LinearProgress, clamped: the same role, name and
 * values for screen readers and tests, and a fill that never leaves its track.
 */
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme/index.ts';
import { ProgressBar } from './ProgressBar.tsx';

const ARIA = ['role', 'aria-label', 'aria-valuenow', 'aria-valuemin', 'aria-valuemax'];
const aria = (el: HTMLElement) => ARIA.map((name) => el.getAttribute(name));
const fill = (bar: HTMLElement) =>
  (bar.firstElementChild as HTMLElement).style.transform ||
  getComputedStyle(bar.firstElementChild as Element).transform;

describe('ProgressBar', () => {
  it("reads as MUI's determinate LinearProgress does", () => {
    for (const value of [0, 37.4, 62.6, 100]) {
      const { unmount } = render(
        <ThemeProvider theme={theme}>
          <LinearProgress variant="determinate" value={value} aria-label="MUI" />
          <ProgressBar value={value} label="Ours" />
        </ThemeProvider>,
      );
      const [mui, ours] = screen.getAllByRole('progressbar') as [HTMLElement, HTMLElement];
      expect(aria(ours).slice(2)).toEqual(aria(mui).slice(2));
      expect(ours).toHaveAccessibleName('Ours');
      unmount();
    }
  });

  it('keeps the fill inside its track for values past either end, or not a number', () => {
    render(
      <ThemeProvider theme={theme}>
        <ProgressBar value={250} label="over" />
        <ProgressBar value={-20} label="under" />
        <ProgressBar value={Number.NaN} label="unknown" />
      </ThemeProvider>,
    );
    const now = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow');
    expect([now('over'), now('under'), now('unknown')]).toEqual(['100', '0', '0']);
    expect(fill(screen.getByRole('progressbar', { name: 'over' }))).toContain('translateX(0%)');
    expect(fill(screen.getByRole('progressbar', { name: 'under' }))).toContain('translateX(-100%)');
  });
});
