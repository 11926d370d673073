/** The page coming back to the foreground, as a browser reports it (jsdom's tab is always "visible"). */
export function showPage(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
}
