/**
 * Community Posts: a composer (Enter posts, Shift+Enter a new line) and the newest 30 feed posts. One's
 * own post shows at once as pending, replaced by its feed item; authors may delete theirs.
 */
import { FEED_SHOWN } from '@fit/shared/community';
import type { FeedPost } from '@fit/shared/model';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useRemovalFocus } from '../../components/removal-focus.ts';
import { useStore } from '../../data/context.tsx';
import { deletePost } from '../../data/social.ts';
import { CommunityCard } from './CommunityCard.tsx';
import { PostComposer, SEND_POST, type SendVars } from './PostComposer.tsx';
import { PostList, type ShownPost } from './PostList.tsx';

const DELETE_POST_FAILED = 'Failed to delete post. Please try again.';

const feedKey = (uid: string, postId: string) => `${uid}_${postId}`;

export function PostsCard(props: {
  posts: FeedPost[] | null;
  uid: string | null;
  now: number;
  clock: () => number;
  /** The load failed with nothing to show. */
  error?: string | null;
}) {
  const { posts, uid, now, clock } = props;
  const store = useStore();
  const [toDelete, setToDelete] = useState<ShownPost | null>(null);
  /** Deleted here, until the feed reaction takes them out of the feed. */
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);

  // This person's posts under way or sent, from the mutation cache; once in the feed, the feed's copy shows.
  const pending = useMutationState({
    filters: {
      mutationKey: SEND_POST,
      predicate: (m) =>
        (m.state.status === 'pending' || m.state.status === 'success') &&
        (m.state.variables as SendVars | undefined)?.author === uid,
    },
    select: (m) => {
      const { id, post } = m.state.variables as SendVars;
      return { ...post, postId: id, sending: m.state.status === 'pending' };
    },
  });

  const shown: ShownPost[] = useMemo(() => {
    const fromFeed = (posts ?? []).map((p) => ({
      ...p,
      key: feedKey(p.uid, p.postId),
      own: p.uid === uid,
      sending: false,
    }));
    if (!uid) return fromFeed;
    const inFeed = new Set(fromFeed.map((p) => p.key));
    const mine = pending
      .map((p) => ({ ...p, key: feedKey(uid, p.postId), uid, userName: 'You', own: true }))
      .filter((p) => !inFeed.has(p.key));
    if (mine.length === 0) return fromFeed;
    return [...mine, ...fromFeed].sort((a, b) => b.timestamp - a.timestamp).slice(0, FEED_SHOWN);
  }, [posts, pending, uid]);

  // The post's Delete button goes with it: the focus then moves to the next one, not to <body>.
  const removed = useRemovalFocus(toDelete !== null);
  const remove = useMutation({
    mutationFn: (post: ShownPost) => deletePost(store, post.uid, post.postId),
    onSuccess: (_, post) => {
      setDeleted((set) => new Set(set).add(post.key));
      setToDelete(null);
      removed('Post deleted.');
    },
    onError: (error) => {
      console.error('Deleting a post failed', error);
      setToDelete(null);
    },
  });

  return (
    <CommunityCard
      title="Community Posts"
      subtitle="Share a win, a tip or a question"
      icon={<ForumOutlined />}
      error={props.error}
    >
      <PostComposer
        uid={uid}
        clock={clock}
        onSent={() => {
          if (listRef.current) listRef.current.scrollTop = 0;
        }}
      />
      {remove.isError && (
        <Alert severity="error" onClose={remove.reset} sx={{ mx: { xs: 2, sm: 3 }, mb: 1.5 }}>
          {DELETE_POST_FAILED}
        </Alert>
      )}
      <PostList
        posts={posts === null ? null : shown.filter((p) => !deleted.has(p.key))}
        now={now}
        listRef={listRef}
        onDelete={(post) => {
          remove.reset();
          setToDelete(post);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this post?"
        message="It disappears from the community page for everyone. This cannot be undone."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </CommunityCard>
  );
}
