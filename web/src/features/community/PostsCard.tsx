/**
 * Community Posts: a composer (Post button or Enter; Shift+Enter for a new line) and the newest 30
 * feed posts. The user's own post shows at once as pending and is replaced, not duplicated, when the
 * feed reaction writes its feed item (`feedPosts/{uid}_{postId}`). An author may delete their own
 * post (after confirming); the feed reaction then removes it from every open page.
 */

import { FEED_SHOWN } from '@fit/shared/community';
import { ALERT_ADD_POST } from '@fit/shared/messages';
import type { FeedPost, Post } from '@fit/shared/model';
import { LIMITS, MESSAGES, validatePostForm } from '@fit/shared/validation';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useRemovalFocus } from '../../components/removal-focus.ts';
import { useSessionUser, useStore } from '../../data/context.tsx';
import { newDocId } from '../../data/ids.ts';
import { addPost, deletePost } from '../../data/posts.ts';
import { beginSave, letGo, saveMeta } from '../../data/save.ts';
import { isSessionOver } from '../../data/session-end.ts';
import { CommunityCard } from './CommunityCard.tsx';
import { PostField } from './PostField.tsx';
import { PostList, type ShownPost } from './PostList.tsx';

const POST_FAILED = ALERT_ADD_POST;
const DELETE_POST_FAILED = 'Failed to delete post. Please try again.';

/** Every post is its own mutation under this key: the list shows those under way from the cache. */
const SEND_POST = ['posts', 'add'] as const;

interface SendVars {
  author: string;
  post: Post;
  id: string;
}

interface PendingPost {
  id: string;
  message: string;
  timestamp: number;
  /** The write is confirmed; the feed item is still on its way. */
  sent: boolean;
}

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
  // The server refuses posts of unverified accounts (email_verified): say so instead of failing.
  const session = useSessionUser();
  const unverified = session !== null && !session.emailVerified;
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [toDelete, setToDelete] = useState<ShownPost | null>(null);
  /** Deleted here, until the feed reaction takes them out of the feed. */
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [deleteFailed, setDeleteFailed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  const inFeed = useMemo(() => new Set((posts ?? []).map((p) => feedKey(p.uid, p.postId))), [posts]);

  // This person's posts under way or sent, read from the mutation cache (not a list kept by hand);
  // once the feed holds one, the feed's copy is the one shown.
  const pending: PendingPost[] = useMutationState({
    filters: {
      mutationKey: SEND_POST,
      predicate: (m) =>
        (m.state.status === 'pending' || m.state.status === 'success') &&
        (m.state.variables as SendVars | undefined)?.author === uid,
    },
    select: (m) => {
      const { id, post } = m.state.variables as SendVars;
      return { id, message: post.message, timestamp: post.timestamp, sent: m.state.status === 'success' };
    },
  });

  const shown: ShownPost[] = useMemo(() => {
    const fromFeed: ShownPost[] = (posts ?? []).map((p) => ({
      key: feedKey(p.uid, p.postId),
      postId: p.postId,
      uid: p.uid,
      userName: p.userName,
      message: p.message,
      timestamp: p.timestamp,
      own: uid !== null && p.uid === uid,
      sending: false,
    }));
    if (!uid) return fromFeed;
    const mine: ShownPost[] = pending
      .filter((p) => !inFeed.has(feedKey(uid, p.id)))
      .map((p) => ({
        key: feedKey(uid, p.id),
        postId: p.id,
        uid,
        userName: 'You',
        message: p.message,
        timestamp: p.timestamp,
        own: true,
        sending: !p.sent,
      }));
    if (mine.length === 0) return fromFeed;
    return [...mine, ...fromFeed].sort((a, b) => b.timestamp - a.timestamp).slice(0, FEED_SHOWN);
  }, [posts, pending, inFeed, uid]);

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
      setDeleteFailed(true);
    },
  });

  // Each post is its own save (data/save.ts); several can be under way, each settling its own line.
  // A refusal shows here while the composer is on screen; after it left, in the frame.
  const client = useQueryClient();
  const send = useMutation({
    mutationKey: SEND_POST,
    mutationFn: (vars: SendVars) => addPost(store, vars.author, vars.post, vars.id),
    meta: saveMeta(POST_FAILED),
    onMutate: beginSave,
    onError: (error, { post }, context) => {
      console.error('Adding a post failed', error);
      if (!context?.inForm || isSessionOver(error)) return;
      setFailed(true);
      setText((current) => (current === '' ? post.message : current));
    },
  });
  useEffect(() => () => letGo(client, SEND_POST), [client]);

  function submit() {
    if (unverified) return;
    const result = validatePostForm({ message: text, userId: uid, timestamp: clock() });
    if (!result.ok) {
      setFieldError(result.message);
      return;
    }
    const post = result.value;
    const id = newDocId();
    setText('');
    setFieldError(null);
    setFailed(false);
    if (listRef.current) listRef.current.scrollTop = 0;
    send.mutate({ author: uid as string, post, id });
  }

  // Stable callbacks, so the memoized field skips the renders the feed and the clock cause.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onSubmit = useCallback(() => submitRef.current(), []);
  const onChange = useCallback((value: string) => {
    setText(value);
    setFieldError(null);
  }, []);

  const length = text.trim().length;
  const nearLimit = length > LIMITS.maxPostLength - 100;

  return (
    <CommunityCard
      title="Community Posts"
      subtitle="Share a win, a tip or a question"
      icon={<ForumOutlined />}
      error={props.error}
    >
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <PostField
            value={text}
            onChange={onChange}
            onSubmit={onSubmit}
            disabled={unverified}
            error={fieldError !== null || length > LIMITS.maxPostLength}
            helperText={fieldError ?? (nearLimit ? `${length}/${LIMITS.maxPostLength}` : undefined)}
          />
          <Button
            variant="contained"
            onClick={submit}
            disabled={unverified}
            endIcon={<Send fontSize="small" />}
            sx={{ flexShrink: 0, height: 40 }}
          >
            Post
          </Button>
        </Stack>
        {unverified && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {MESSAGES.postUnverified}{' '}
            <Link href="/verify-email" underline="always">
              Verify your email
            </Link>
          </Alert>
        )}
        {failed && (
          <Alert severity="error" onClose={() => setFailed(false)} sx={{ mt: 1.5 }}>
            {POST_FAILED}
          </Alert>
        )}
      </Box>
      {deleteFailed && (
        <Alert severity="error" onClose={() => setDeleteFailed(false)} sx={{ mx: { xs: 2, sm: 3 }, mb: 1.5 }}>
          {DELETE_POST_FAILED}
        </Alert>
      )}
      <PostList
        posts={posts === null ? null : shown.filter((p) => !deleted.has(p.key))}
        now={now}
        listRef={listRef}
        onDelete={(post) => {
          setDeleteFailed(false);
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
