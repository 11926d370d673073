import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

describe('the period tabs', () => {
  it('are measured again only when the period changes, not when the boards or the clock redraw the card', async () => {
    // MUI's Tabs reads its own box (getBoundingClientRect) after each render it takes part in; in a
    // browser each read lays out the whole page.
    const measured: Element[] = [];
    const original = Element.prototype.getBoundingClientRect;
    const spy = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      if (this.closest('.MuiTabs-root')) measured.push(this);
      return original.call(this);
    });
    try {
      const card = (now: number) => (
        <ThemeProvider theme={theme}>
          <LeaderboardsCard boards={null} uid={null} now={now} viewerTimeZone="UTC" />
        </ThemeProvider>
      );
      const { rerender } = render(card(NOW));
      await waitFor(() => expect(measured.length).toBeGreaterThan(0));
      const afterMount = measured.length;
      rerender(card(NOW + 60_000));
      rerender(card(NOW + 120_000));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(measured.length).toBe(afterMount);

      fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
      expect(screen.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true');
      await waitFor(() => expect(measured.length).toBeGreaterThan(afterMount));
    } finally {
      spy.mockRestore();
    }
  });
});
