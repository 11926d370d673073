/**
 * The reactions that keep the community projections current: feed items, board entries, boards
 * (rollup), expiry, the account-deletion cascade and the from-scratch rebuild. Pure over the store
 * port: no Firebase imports, no clock (`env.now`), so Cloud Functions (functions/) run them after
 * each committed write, at least once, and the tests run the very same code over the in-memory store.
 */

export { boardDoc, placesOf, removeFromBoards, rollupBoards } from './boards.ts';
export {
  cappedDaySums,
  capsFor,
  clampTotals,
  DAY_CAPS,
  dayFieldCaps,
  daysIn,
  dayWindowsOf,
  exceedsADay,
} from './caps.ts';
export {
  type ReactionEnv,
  reactionPaths,
} from './core.ts';
export {
  engagementQueries,
  notificationId,
  reactEngagement,
  type SocialEvent,
  socialEventForPath,
} from './engagement.ts';
export { followTargetOf, recomputePeople } from './follows.ts';
export { deleteItemSocialData, ITEM_DELETION_GRACE_MS, sweepDeletedItems } from './item-deletion.ts';
export {
  deleteAccountData,
  expireProjections,
  MAX_PAGES_PER_RUN,
  NoProgressError,
  scanPages,
  USER_SUBCOLLECTIONS,
} from './maintenance.ts';
export { renameGiven } from './names.ts';
export {
  MAX_DEFERRALS,
  type PaceOptions,
  type PaceResult,
  PROJECTION_MIN_GAP_MS,
} from './pacing.ts';
export {
  FEED_KEEP,
  type FeedCollection,
  followQueries,
  PAGE_SIZE,
  queryShape,
  REACTION_QUERY_SHAPES,
  reactionQueries,
  USER_ENTRIES_LIMIT,
  USER_FEED_LIMIT,
} from './queries.ts';
export {
  eventForWrite,
  RELEVANT_FIELDS,
  type ReactionEvent,
  react,
  reactUser,
  syncUserFeed,
} from './react.ts';
export { rebuildProjections } from './rebuild.ts';
