import { useProfile } from '../../data/queries.ts';

/** The name one's kudos and comments carry: the profile's display name (the rules check it). */
export function useMyName(): string {
  const profile = useProfile().data;
  return typeof profile?.displayName === 'string' ? profile.displayName : '';
}
