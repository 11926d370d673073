/** Live reads of kudos, comments and notifications (see `social.ts` for the queries). */
import type { SocialFeed } from '@fit/shared/model';
import { useSessionUser, useStore } from './context.tsx';
import { keys, useDataScope, useLive } from './queries.ts';
import {
  type SocialTarget,
  watchComments,
  watchEngagement,
  watchItemExists,
  watchMyKudos,
  watchNotifications,
} from './social.ts';

/** The counts of the shown items of one feed (re-aimed when the items change). */
export const useEngagement = (feed: SocialFeed, itemIds: readonly string[]) =>
  useLive(['community', 'engagement', feed, ...itemIds], watchEngagement(useStore(), feed, itemIds));

/** The kudos the signed-in person gave (none signed out). */
export function useMyKudos() {
  const uid = useSessionUser()?.uid ?? '';
  return useLive([...keys.user(uid), 'kudos'], watchMyKudos(useStore(), uid), uid !== '');
}

export const useComments = (target: SocialTarget, enabled: boolean) =>
  useLive(
    ['community', 'comments', target.feed, target.owner, target.id],
    watchComments(useStore(), target),
    enabled,
  );

/** Whether one's own post or activity exists, live (an Undo brings it back). */
export const useItemExists = (target: SocialTarget) =>
  useLive(['community', 'item', target.feed, target.owner, target.id], watchItemExists(useStore(), target));

export function useNotifications(enabled: boolean) {
  const { store, uid } = useDataScope();
  return useLive([...keys.user(uid), 'notifications'], watchNotifications(store, uid, false), enabled);
}

export function useUnreadNotifications() {
  const { store, uid } = useDataScope();
  return useLive([...keys.user(uid), 'notifications', 'unread'], watchNotifications(store, uid, true));
}
