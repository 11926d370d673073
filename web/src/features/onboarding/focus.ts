/** Focus for keyboard and screen-reader users once the prompt goes: the page's own heading. */
export function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
