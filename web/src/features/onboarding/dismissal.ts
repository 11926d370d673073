/**
 * "Not now" on the display-name prompt lasts for this page load: moving between the app's pages
 * does not bring it back, a new visit (reload, new tab, next sign-in) does, until a name is set.
 */
const dismissed = new Set<string>();

export function isDismissed(uid: string): boolean {
  return dismissed.has(uid);
}

export function dismiss(uid: string): void {
  dismissed.add(uid);
}
