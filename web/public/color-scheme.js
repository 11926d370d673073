/*
 * Sets the colour scheme on <html> before the first paint, so neither the loading shell nor the app
 * flashes the other scheme: the scheme chosen on the Account page (remembered in localStorage under
 * MUI's own key, `mui-mode`: light | dark | system), else the system preference. The app's theme
 * (web/src/app/theme.ts) reads the same key and attribute. A classic blocking script from this
 * origin, not an inline one, because the pages' Content-Security-Policy allows no inline scripts.
 */
(() => {
  let mode = 'system';
  try {
    mode = localStorage.getItem('mui-mode') || 'system';
  } catch {
    // Storage refused (privacy settings): follow the system.
  }
  const dark =
    mode === 'dark' ||
    (mode !== 'light' &&
      typeof matchMedia === 'function' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mui-color-scheme', dark ? 'dark' : 'light');
})();
