/** `users/{uid}/posts`: the user's own posts, copied by the feed reaction into `feedPosts`. */
import { type Post, paths } from '@fit/shared/model';
import type { DocumentStore } from '@fit/shared/store';
import { newDocId } from './ids.ts';

/** Writes a validated post; its `id` is known before the write, to show it pending at once. */
export async function addPost(store: DocumentStore, uid: string, post: Post, id: string = newDocId()) {
  await store.commit([
    { kind: 'set', path: paths.post(uid, id), data: { message: post.message, timestamp: post.timestamp } },
  ]);
  return id;
}

export async function deletePost(store: DocumentStore, uid: string, id: string) {
  await store.commit([{ kind: 'delete', path: paths.post(uid, id) }]);
}
