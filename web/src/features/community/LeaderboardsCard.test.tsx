import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
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
