/**
 * `users/{uid}/posts/{autoId}`: the signed-in user's own posts. Only the owner writes them; the
 * feed reaction copies each into `feedPosts/{uid}_{postId}`, which is what the community page reads.
 */
import { type Post, paths } from '@fit/shared/model';
import type { DocumentStore } from '@fit/shared/store';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Firestore-style automatic id: 20 random alphanumerics (chosen here so the page knows it at once). */
export function newDocId(): string {
  const bytes = new Uint8Array(40);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) {
    // Reject the top of the range so every character is equally likely.
    if (byte >= 248) continue;
    id += ID_ALPHABET[byte % ID_ALPHABET.length];
    if (id.length === 20) return id;
  }
  return id.length === 20 ? id : id + newDocId().slice(0, 20 - id.length);
}

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
