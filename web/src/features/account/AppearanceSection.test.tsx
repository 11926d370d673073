/**
 * The Account page's theme toggle: System is the default, a choice applies at once (the scheme
 * attribute on <html> that the CSS variables follow) and is kept in localStorage under the key
 * MUI's InitColorSchemeScript (web/vite.config.ts) reads before the next first paint.
 */
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { MODE_STORAGE_KEY, SCHEME_ATTRIBUTE, theme } from '../../app/theme/index.ts';
import { AppearanceSection } from './AppearanceSection.tsx';

function renderSection() {
  return render(
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <AppearanceSection />
    </ThemeProvider>,
  );
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(SCHEME_ATTRIBUTE);
});

it('starts on System and remembers Dark, then Light, applying each at once', async () => {
  const user = userEvent.setup();
  renderSection();
  expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
  expect(pressed('System')).toBe('true');
  expect(localStorage.getItem(MODE_STORAGE_KEY)).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Dark' }));
  expect(pressed('Dark')).toBe('true');
  expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
  expect(document.documentElement.getAttribute(SCHEME_ATTRIBUTE)).toBe('dark');

  // Pressing the chosen one again keeps it (a toggle group would otherwise clear it).
  await user.click(screen.getByRole('button', { name: 'Dark' }));
  expect(pressed('Dark')).toBe('true');
  expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');

  await user.click(screen.getByRole('button', { name: 'Light' }));
  expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('light');
  expect(document.documentElement.getAttribute(SCHEME_ATTRIBUTE)).toBe('light');
});

it('opens on the remembered choice', () => {
  localStorage.setItem(MODE_STORAGE_KEY, 'dark');
  renderSection();
  expect(pressed('Dark')).toBe('true');
  expect(document.documentElement.getAttribute(SCHEME_ATTRIBUTE)).toBe('dark');
});
