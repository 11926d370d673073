/**
 * Cloud Functions: wiring only. Each trigger hands its event to a handler (handlers.ts), which
 * calls a shared reaction through the firebase-admin store port (admin-store.ts).
 */
import { paths } from '@fit/shared/model';
import * as functionsV1 from 'firebase-functions/v1';
import { type ParamsOf, setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  onAuthUserDeleted,
  onDeleteAccount,
  onRollup,
  onSocialWritten,
  onSourceWritten,
} from './handlers.ts';
import { settings } from './runtime.ts';

setGlobalOptions({ region: settings.region, memory: settings.memory, maxInstances: settings.maxInstances });

const data = (snap: { exists: boolean; data(): unknown } | undefined) =>
  snap?.exists ? ((snap.data() ?? {}) as Record<string, unknown>) : null;

/** A source document's trigger: the written document (path from the event's params), before and after. */
const onSourceDocument = <Document extends string>(
  document: Document,
  pathOf: (params: ParamsOf<Document>) => string,
) =>
  onDocumentWritten({ document, retry: true }, async (event) => {
    await onSourceWritten(pathOf(event.params), data(event.data?.before), data(event.data?.after));
  });

export const onRepWritten = onSourceDocument('users/{uid}/reps/{repId}', (p) => paths.rep(p.uid, p.repId));
export const onPostWritten = onSourceDocument('users/{uid}/posts/{postId}', (p) =>
  paths.post(p.uid, p.postId),
);
/** Kudos and comments on posts and activities (the payload is not used: the reaction re-reads). */
const onSocialDocument = <Document extends string>(
  document: Document,
  pathOf: (params: ParamsOf<Document>) => string,
) =>
  onDocumentWritten({ document, retry: true }, async (event) => {
    await onSocialWritten(pathOf(event.params));
  });

export const onPostKudosWritten = onSocialDocument('users/{uid}/posts/{postId}/kudos/{giver}', (p) =>
  paths.kudosOf('feedPosts', p.uid, p.postId, p.giver),
);
export const onRepKudosWritten = onSocialDocument('users/{uid}/reps/{repId}/kudos/{giver}', (p) =>
  paths.kudosOf('feedActivities', p.uid, p.repId, p.giver),
);
export const onPostCommentWritten = onSocialDocument('users/{uid}/posts/{postId}/comments/{commentId}', (p) =>
  paths.comment('feedPosts', p.uid, p.postId, p.commentId),
);
export const onRepCommentWritten = onSocialDocument('users/{uid}/reps/{repId}/comments/{commentId}', (p) =>
  paths.comment('feedActivities', p.uid, p.repId, p.commentId),
);
export const onProfileWritten = onSourceDocument('users/{uid}', (p) => paths.user(p.uid));
export const onFollowWritten = onSourceDocument('users/{uid}/following/{otherUid}', (p) =>
  paths.follow(p.uid, p.otherUid),
);

export const rollup = onSchedule(
  { schedule: 'every 1 minutes', timeZone: settings.timeZone, retryCount: 0 },
  async () => {
    await onRollup();
  },
);

export const deleteAccount = onCall(async (request) => onDeleteAccount(request.auth, request.data));

export const onAuthUserDeletedBackstop = functionsV1
  .region(settings.region)
  .runWith({ memory: '256MB', maxInstances: settings.maxInstances, failurePolicy: true })
  .auth.user()
  .onDelete(async (user) => {
    await onAuthUserDeleted(user.uid);
  });
