import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './bits.tsx';
import { fullDateTime } from './format.ts';

describe('a relative time in the feeds', () => {
  it('says how long ago, and gives the full date and time as its title and machine-readable date', () => {
    const at = Date.UTC(2026, 10, 23, 9, 30);
    render(<RelativeTime timestamp={at} now={at + 5 * 60_000} />);
    const time = screen.getByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-23T09:30:00.000Z');
    expect(time).toHaveAttribute('title', fullDateTime(at));
    // The title is its accessible description (no tooltip component to open first).
    expect(time).toHaveAccessibleDescription(fullDateTime(at));
  });
});
