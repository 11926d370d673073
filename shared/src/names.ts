/** What an identity provider (Google) may tell about a user's name. */
export interface ProviderName {
  readonly givenName?: string | null;
  readonly familyName?: string | null;
  readonly displayName?: string | null;
}

/**
 * First and last name for a new profile: the provider's given / family names when it sends
 * either, else its display name split at the first space (the rest is the last name).
 */
export function splitName(name: ProviderName): { firstName: string; lastName: string } {
  if (name.givenName || name.familyName) {
    return { firstName: name.givenName ?? '', lastName: name.familyName ?? '' };
  }
  const full = (name.displayName ?? '').trim();
  const cut = full.indexOf(' ');
  return cut < 0
    ? { firstName: full, lastName: '' }
    : { firstName: full.slice(0, cut), lastName: full.slice(cut + 1).trim() };
}
