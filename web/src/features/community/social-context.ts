/** What every kudos and comments bar of the page reads: the shown items' counts, one's own kudos. */
import type { Engagement } from '@fit/shared/model';
import { createContext, useContext } from 'react';

export interface SocialState {
  /** By `${feed}:${owner}_${id}`. */
  engagement: ReadonlyMap<string, Engagement>;
  /** Paths of the kudos the person gave (kudosKey). */
  given: ReadonlySet<string>;
}

export const SocialContext = createContext<SocialState>({ engagement: new Map(), given: new Set() });

export function useSocialState(): SocialState {
  return useContext(SocialContext);
}
