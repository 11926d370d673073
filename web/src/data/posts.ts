/**
 * `users/{uid}/posts/{autoId}`: the signed-in user's own posts. Only the owner writes them; the
 * feed reaction copies each into `feedPosts/{uid}_{postId}`, which is what the community page reads.
 */
import { type Post, paths } from '@fit/shared/model';
import type { DocumentStore } from '@fit/shared/store';
import { newDocId } from './ids.ts';

/**
 * Writes a validated post (`validatePostForm`) as exactly `{message, timestamp}`.
 * `id` is the new post's id, known before the write so the page can show it as pending at once.
 */
export async function addPost(store: DocumentStore, uid: string, post: Post, id: string = newDocId()) {
  await store.commit([
    { kind: 'set', path: paths.post(uid, id), data: { message: post.message, timestamp: post.timestamp } },
  ]);
  return id;
}

/**
 * Deletes the signed-in user's own post. The feed reaction then removes its feed item
 * (`feedPosts/{uid}_{postId}`), so every open community page drops it live.
 */
export async function deletePost(store: DocumentStore, uid: string, id: string) {
  await store.commit([{ kind: 'delete', path: paths.post(uid, id) }]);
}
