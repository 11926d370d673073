/** The posts of the Community Posts card, newest first: the person's own on the right, each deletable. */
import type { FeedPost } from '@fit/shared/model';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { PersonName } from '../../components/PersonName.tsx';
import { ShownName } from '../../components/ShownText.tsx';
import { Empty, RelativeTime, UserAvatar } from './bits.tsx';
import { MessageText } from './MessageText.tsx';
import { SocialBar } from './SocialBar.tsx';

/** A feed post, or one's own still on its way (`sending`); `postId` is its id under `users/{uid}/posts`. */
export interface ShownPost extends FeedPost {
  key: string;
  own: boolean;
  sending: boolean;
}

export function PostList(props: {
  posts: ShownPost[] | null;
  now: number;
  listRef: RefObject<HTMLUListElement | null>;
  onDelete: (post: ShownPost) => void;
}) {
  const { posts, now, listRef, onDelete } = props;
  if (posts === null) {
    return (
      <Stack sx={{ gap: 2, px: { xs: 2, sm: 3 }, pb: 3 }} aria-busy="true" aria-label="Loading posts">
        {[0, 1, 2].map((i) => (
          <Stack key={i} direction="row" sx={{ gap: 1.5 }}>
            <Skeleton variant="circular" width={36} height={36} />
            <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (posts.length === 0) {
    return <Empty icon={<ForumOutlined />} text="No posts yet. Be the first to say hello!" />;
  }
  return (
    <Stack
      component="ul"
      ref={listRef}
      aria-label="Posts"
      sx={{
        listStyle: 'none',
        m: 0,
        px: { xs: 2, sm: 3 },
        py: 1,
        gap: 1.5,
        flex: 1,
        maxHeight: 520,
        minHeight: 160,
        overflowY: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'surface.subtle',
      }}
    >
      {posts.map((post) => (
        <PostItem key={post.key} post={post} now={now} onDelete={onDelete} />
      ))}
    </Stack>
  );
}

function PostItem(props: { post: ShownPost; now: number; onDelete: (post: ShownPost) => void }) {
  const { post, now, onDelete } = props;
  return (
    <Stack
      component="li"
      direction={post.own ? 'row-reverse' : 'row'}
      data-own={post.own ? 'true' : 'false'}
      data-pending={post.sending ? 'true' : undefined}
      sx={{
        alignItems: 'flex-end',
        gap: 1,
        opacity: post.sending ? 0.7 : 1,
        transition: 'opacity 200ms',
        '&:first-of-type': { mt: 1 },
        '&:last-of-type': { mb: 1 },
      }}
    >
      {!post.own && <UserAvatar uid={post.uid} name={post.userName} size={34} />}
      {post.own && !post.sending && (
        <IconButton
          size="small"
          aria-label="Delete post"
          onClick={() => onDelete(post)}
          sx={{ color: 'text.secondary', alignSelf: 'center' }}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      )}
      <Stack sx={{ maxWidth: { xs: '88%', sm: '82%' }, alignItems: post.own ? 'flex-end' : 'flex-start' }}>
        <Box
          sx={{
            maxWidth: '100%',
            px: 1.75,
            py: 1.1,
            borderRadius: 3,
            ...(post.own
              ? {
                  borderBottomRightRadius: 6,
                  color: 'onBrand.main',
                  background: (t) => t.vars.palette.gradient.bubble,
                  boxShadow: (t) => t.vars.palette.shadow.bubble,
                }
              : {
                  borderBottomLeftRadius: 6,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                }),
          }}
        >
          <Stack
            direction="row"
            sx={{
              gap: 1,
              alignItems: 'baseline',
              justifyContent: 'space-between',
              mb: 0.25,
              color: post.own ? 'onBrand.muted' : 'text.secondary',
            }}
          >
            <Typography
              variant="subtitle2"
              component="span"
              sx={{ color: post.own ? 'onBrand.main' : 'text.primary' }}
            >
              {post.sending ? (
                <ShownName name={post.userName} />
              ) : (
                <PersonName uid={post.uid} name={post.userName} own={post.own} />
              )}
              {post.own && post.userName !== 'You' && (
                <Chip
                  label="You"
                  size="small"
                  sx={{ ml: 0.75, height: 18, fontSize: 11, color: 'onBrand.main', bgcolor: 'onBrand.faint' }}
                />
              )}
            </Typography>
            <Typography variant="caption" component="span" sx={{ color: 'inherit', whiteSpace: 'nowrap' }}>
              {post.sending ? 'Sending…' : <RelativeTime timestamp={post.timestamp} now={now} />}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.5 }}
          >
            <MessageText message={post.message} />
          </Typography>
        </Box>
        {!post.sending && (
          <SocialBar
            target={{ feed: 'feedPosts', owner: post.uid, id: post.postId }}
            own={post.own}
            label={`${post.own ? 'your' : `${post.userName}'s`} post`}
          />
        )}
      </Stack>
    </Stack>
  );
}
