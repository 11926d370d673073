/**
 * Cloud Functions: wiring only. Each trigger hands its event to a handler (handlers.ts), which
 * calls a shared reaction through the firebase-admin store port (admin-store.ts).
 */
import { paths } from '@fit/shared/model';
import * as functionsV1 from 'firebase-functions/v1';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onAuthUserDeleted, onDeleteAccount, onRollup, onSourceWritten } from './handlers.ts';
import { settings } from './runtime.ts';

setGlobalOptions({ region: settings.region, memory: settings.memory, maxInstances: settings.maxInstances });

const data = (snap: { exists: boolean; data(): unknown } | undefined) =>
  snap?.exists ? ((snap.data() ?? {}) as Record<string, unknown>) : null;

export const onRepWritten = onDocumentWritten(
  { document: 'users/{uid}/reps/{repId}', retry: true },
  async (event) => {
    await onSourceWritten(
      paths.rep(event.params.uid, event.params.repId),
      data(event.data?.before),
      data(event.data?.after),
    );
  },
);

export const onPostWritten = onDocumentWritten(
  { document: 'users/{uid}/posts/{postId}', retry: true },
  async (event) => {
    await onSourceWritten(
      paths.post(event.params.uid, event.params.postId),
      data(event.data?.before),
      data(event.data?.after),
    );
  },
);

export const onProfileWritten = onDocumentWritten({ document: 'users/{uid}', retry: true }, async (event) => {
  await onSourceWritten(paths.user(event.params.uid), data(event.data?.before), data(event.data?.after));
});

export const rollup = onSchedule(
  { schedule: 'every 1 minutes', timeZone: settings.timeZone, retryCount: 0 },
  async () => {
    await onRollup();
  },
);

export const deleteAccount = onCall(async (request) => onDeleteAccount(request.auth));

export const onAuthUserDeletedBackstop = functionsV1
  .region(settings.region)
  .runWith({ memory: '256MB', maxInstances: settings.maxInstances, failurePolicy: true })
  .auth.user()
  .onDelete(async (user) => {
    await onAuthUserDeleted(user.uid);
  });
