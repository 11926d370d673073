import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme/index.ts';
import { LeaderboardsCard } from './LeaderboardsCard.tsx';

const NOW = Date.UTC(2026, 10, 23, 2, 0);

function renderCard(viewerTimeZone: string) {
  render(
    <ThemeProvider theme={theme}>
      <LeaderboardsCard boards={null} uid={null} now={NOW} viewerTimeZone={viewerTimeZone} />
    </ThemeProvider>,
  );
}

describe('the boards say which day they count', () => {
  it('beside the boards, when the viewer is in another zone', () => {
    renderCard('America/New_York');
    expect(screen.getByTestId('board-zone-note')).toHaveTextContent(
      'Boards count days in UTC, not your time zone (America/New_York). It is Monday, November 23 there.',
    );
  });

  it('not when the viewer is on the community clock', () => {
    renderCard('UTC');
    expect(screen.queryByTestId('board-zone-note')).toBeNull();
  });
});

describe('the period tabs', () => {
  it('follow the keys of the tabs pattern: one tab stop, arrows wrap, Home and End', () => {
    renderCard('UTC');
    const tab = (name: string) => screen.getByRole('tab', { name });
    const list = screen.getByRole('tablist', { name: 'Leaderboard period' });
    expect(tab('Daily')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Daily')).toHaveAttribute('tabindex', '0');
    expect(tab('Weekly')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab('Daily').id);

    tab('Daily').focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(tab('Weekly')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Weekly')).toHaveFocus();
    expect(tab('Weekly')).toHaveAttribute('tabindex', '0');
    expect(tab('Daily')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab('Weekly').id);
    fireEvent.keyDown(list, { key: 'End' });
    expect(tab('Monthly')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(tab('Daily')).toHaveFocus();
    expect(tab('Daily')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(tab('Monthly')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'Home' });
    expect(tab('Daily')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(tab('Daily')).toHaveAttribute('aria-selected', 'true');
  });
});
