/**
 * Entity types and document paths: one place that names every collection, so the web repositories,
 * the rules generator and the reactions cannot drift apart.
 *
 * Units: weights in lbs, height in inches, times in minutes, timestamps in epoch milliseconds.
 * Dates typed by a person (dateOfBirth, targetDate) are calendar dates `YYYY-MM-DD`, never instants.
 * A weight or height of 0 (or missing) means unknown.
 */

import type { LiftSet } from './sets.ts';
import type { UnitSystem } from './units.ts';

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const GOAL_TYPES = ['reps', 'minutes', 'calories'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
/** The goal type a new goal starts on, wherever a goal is set (the goal popup and the Account page). */
export const DEFAULT_GOAL_TYPE: GoalType = 'minutes';

/** `users/{uid}`: private to its owner. */
export interface UserProfile {
  userId: string;
  /** The sign-in's (the ID token's); absent for an account without one. */
  email?: string;
  createdAt: number;
  displayName: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  gender?: Gender;
  /** `YYYY-MM-DD` or '' */
  dateOfBirth?: string;
  height?: number;
  currentWeight?: number;
  targetWeight?: number;
  /** `YYYY-MM-DD` or '' */
  targetDate?: string;
  hideExerciseInfo?: boolean;
  /** The IANA time zone of the user's browser: the days of their progress (streaks, heat map). */
  timeZone?: string;
  /** How the user sees and types body measures and weights (storage stays lbs and inches). */
  unitSystem?: UnitSystem;
}

/** `users/{uid}/reps/{id}`: one logged activity. */
export interface ActivityRecord {
  /** Display-cased catalogue name. */
  activityType: string;
  count?: number;
  time?: number;
  weightLifted?: number;
  /**
   * The sets of a strength entry (sets.ts), loads in lbs: when present, `count` is their reps
   * summed and `weightLifted` the heaviest load (the rules hold it).
   */
  sets?: LiftSet[];
  /** Whole metres, for an activity that covers ground (catalogue `distance`); shown in km or mi. */
  distance?: number;
  timestamp: number;
  /**
   * Exact integer calorie units (see formulas `calorieUnits`): lets period calories be a plain
   * aggregate sum on Firestore, checked exactly by the rules.
   */
  calorieUnits: number;
  /** Set when the entry came from an import (see IMPORTED_AT in validation.ts). */
  importedAt?: number;
  /** When it was logged, near the server's time; `timestamp` may be earlier (LOGGED_AT in documents.ts). */
  loggedAt?: number;
}

/** `users/{uid}/weightRecords/{id}` */
export interface WeightRecord {
  weight: number;
  timestamp: number;
  /** Set when the entry came from an import. */
  importedAt?: number;
  /** When it was logged, near the server's time; `timestamp` may be earlier. */
  loggedAt?: number;
}

/** `users/{uid}/preferences/goals` */
export interface DailyGoal {
  /** Text of a positive integer, as the spec stores it. */
  target: string;
  type: GoalType;
}

/** `users/{uid}/preferences/activities`: an empty list means all activities are offered. */
export interface ActivityPreferences {
  activities: string[];
}

/** `users/{uid}/posts/{id}` */
export interface Post {
  message: string;
  timestamp: number;
  /** Set when the entry came from an import. */
  importedAt?: number;
}

// ---- Projections: written only by reactions ----

/** `feedPosts/{uid}_{postId}`: readable by every signed-in user. */
export interface FeedPost {
  uid: string;
  postId: string;
  userName: string;
  message: string;
  timestamp: number;
}

/** `feedActivities/{uid}_{repId}`: readable by every signed-in user; never for hidden users. */
export interface FeedActivity {
  uid: string;
  repId: string;
  userName: string;
  activityType: string;
  count: number;
  time: number;
  timestamp: number;
}

export const BOARD_KINDS = ['daily', 'weekly', 'monthly'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

export const BOARD_METRICS = ['reps', 'minutes', 'calories'] as const;
export type BoardMetric = (typeof BOARD_METRICS)[number];

/** `boardEntries/{periodKey}_{uid}`: one user's totals in one period. No client access. */
export interface BoardEntry {
  uid: string;
  periodKey: string;
  kind: BoardKind;
  userName: string;
  reps: number;
  minutes: number;
  calories: number;
  /** false while the user hides exercise info: kept (not deleted) so asOf survives. */
  visible: boolean;
  asOf: number;
}

export interface BoardPlace {
  uid: string;
  userName: string;
  value: number;
}

/** `boards/{kind}`: top 3 per metric for the current period, written by the rollup. */
export interface Board {
  kind: BoardKind;
  periodKey: string;
  timeZone: string;
  reps: BoardPlace[];
  minutes: BoardPlace[];
  calories: BoardPlace[];
  computedAt: number;
}

/** `users/{uid}/following/{otherUid}`: uid follows otherUid. Only uid writes it (rules). */
export interface Follow {
  /** The followed person (the document id again, so a collection-group query finds their followers). */
  uid: string;
  createdAt: number;
}

/**
 * `people/{uid}`: what every signed-in user may know of a person: name, whether they hide their
 * exercise info, and follower and following counts. Written only by reactions (follows.ts).
 */
export interface PersonCard {
  uid: string;
  userName: string;
  visible: boolean;
  followers: number;
  following: number;
  asOf: number;
}

/** `tombstones/{uid}`: a deleted account; late events of this user change nothing. */
export interface Tombstone {
  uid: string;
  deletedAt: number;
}

/**
 * `itemDeletions/{feed}_{owner}_{id}`: a post or activity found deleted, whose kudos, comments,
 * counts and notifications the rollup removes once the grace period (Undo) has passed. Written and
 * read only by the reactions.
 */
export interface ItemDeletion {
  feed: SocialFeed;
  owner: string;
  id: string;
  /** When its source reaction found it gone: the grace period counts from there. */
  goneAt: number;
}

// ---- Kudos, comments, notifications ----

/** The feeds whose items take kudos and comments, each with its source collection under `users/{uid}`. */
export const SOCIAL_FEEDS = { feedPosts: 'posts', feedActivities: 'reps' } as const;
export type SocialFeed = keyof typeof SOCIAL_FEEDS;

/**
 * `users/{owner}/{posts|reps}/{id}/kudos/{giverUid}`: one per giver (the id is the giver's uid),
 * written and taken back by the giver only. `owner` and `uid` let the account cascade find them.
 */
export interface Kudos {
  uid: string;
  owner: string;
  /** The giver's display name when given (the rules hold it equal to their profile's). */
  userName: string;
  timestamp: number;
}

/** `users/{owner}/{posts|reps}/{id}/comments/{autoId}`: the post's text rules; never edited. */
export interface PostComment {
  uid: string;
  owner: string;
  userName: string;
  message: string;
  timestamp: number;
}

/** Givers an engagement document names (the count covers them all). */
export const KUDOS_NAMES_SHOWN = 10;

/** `engagement/{feed}_{owner}_{id}`: counts of one feed item, written only by the reactions. */
export interface Engagement {
  feed: SocialFeed;
  owner: string;
  /** The feed item's id, `{owner}_{id}`. */
  itemId: string;
  kudos: number;
  /** The newest KUDOS_NAMES_SHOWN givers, newest first. */
  kudosBy: { uid: string; userName: string }[];
  comments: number;
  asOf: number;
}

/** What a notification is about: follows come with the `follow` branch (one more kind). */
export const NOTIFICATION_KINDS = ['kudos', 'comment', 'follow'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * `users/{uid}/notifications/{id}`: written by the reactions; the owner reads them and sets
 * `read` (nothing else). The id is deterministic per cause, so a repeated event changes nothing.
 */
export interface AppNotification {
  kind: NotificationKind;
  /** Who caused it. */
  from: string;
  fromName: string;
  /** The feed item it is about (kudos, comment). */
  feed?: SocialFeed;
  itemId?: string;
  /** The start of a comment's text. */
  preview?: string;
  timestamp: number;
  read: boolean;
}

/** Characters of a comment a notification shows. */
export const NOTIFICATION_PREVIEW_LENGTH = 80;

export const UNKNOWN_USER_NAME = 'Unknown';

export const paths = {
  users: 'users',
  user: (uid: string) => `users/${uid}`,
  reps: (uid: string) => `users/${uid}/reps`,
  rep: (uid: string, id: string) => `users/${uid}/reps/${id}`,
  weightRecords: (uid: string) => `users/${uid}/weightRecords`,
  weightRecord: (uid: string, id: string) => `users/${uid}/weightRecords/${id}`,
  posts: (uid: string) => `users/${uid}/posts`,
  post: (uid: string, id: string) => `users/${uid}/posts/${id}`,
  preferences: (uid: string) => `users/${uid}/preferences`,
  activityPreferences: (uid: string) => `users/${uid}/preferences/activities`,
  goal: (uid: string) => `users/${uid}/preferences/goals`,
  feedPosts: 'feedPosts',
  feedPost: (uid: string, postId: string) => `feedPosts/${uid}_${postId}`,
  feedActivities: 'feedActivities',
  feedActivity: (uid: string, repId: string) => `feedActivities/${uid}_${repId}`,
  boardEntries: 'boardEntries',
  boardEntry: (periodKey: string, uid: string) => `boardEntries/${periodKey}_${uid}`,
  boards: 'boards',
  board: (kind: BoardKind) => `boards/${kind}`,
  /** The collection id of every user's follows (a collection group: who follows someone). */
  followingId: 'following',
  following: (uid: string) => `users/${uid}/following`,
  follow: (uid: string, otherUid: string) => `users/${uid}/following/${otherUid}`,
  people: 'people',
  person: (uid: string) => `people/${uid}`,
  /** The source of a feed item: `users/{owner}/posts/{id}` or `users/{owner}/reps/{id}`. */
  socialSource: (feed: SocialFeed, owner: string, id: string) => `users/${owner}/${SOCIAL_FEEDS[feed]}/${id}`,
  kudos: (feed: SocialFeed, owner: string, id: string) => `users/${owner}/${SOCIAL_FEEDS[feed]}/${id}/kudos`,
  kudosOf: (feed: SocialFeed, owner: string, id: string, giver: string) =>
    `users/${owner}/${SOCIAL_FEEDS[feed]}/${id}/kudos/${giver}`,
  comments: (feed: SocialFeed, owner: string, id: string) =>
    `users/${owner}/${SOCIAL_FEEDS[feed]}/${id}/comments`,
  comment: (feed: SocialFeed, owner: string, id: string, commentId: string) =>
    `users/${owner}/${SOCIAL_FEEDS[feed]}/${id}/comments/${commentId}`,
  engagementAll: 'engagement',
  engagement: (feed: SocialFeed, owner: string, id: string) => `engagement/${feed}_${owner}_${id}`,
  notifications: (uid: string) => `users/${uid}/notifications`,
  notification: (uid: string, id: string) => `users/${uid}/notifications/${id}`,
  tombstones: 'tombstones',
  tombstone: (uid: string) => `tombstones/${uid}`,
  itemDeletions: 'itemDeletions',
  itemDeletion: (feed: SocialFeed, owner: string, id: string) => `itemDeletions/${feed}_${owner}_${id}`,
  progressAll: 'progress',
  /** The summary: records, zone, each year's streak inputs. */
  progress: (uid: string) => `progress/${uid}`,
  /** One document per calendar year of the user's zone (id `YYYY`): the days. */
  progressYearsId: 'years',
  progressYears: (uid: string) => `progress/${uid}/years`,
  progressYear: (uid: string, year: string | number) => `progress/${uid}/years/${year}`,
} as const;

/** The message (and callable error detail) that tells the browser to re-authenticate and retry. */
export const REQUIRES_RECENT_LOGIN = 'requires-recent-login';

/** Defaults for the Firebase Emulator Suite on one machine; production values come from configuration. */
export const DEMO_PROJECT_ID = 'demo-fittrack';
export const DEFAULT_COMMUNITY_TIME_ZONE = 'UTC';
