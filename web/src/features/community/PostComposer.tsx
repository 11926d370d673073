import { ALERT_ADD_POST } from '@fit/shared/messages';
import type { Post } from '@fit/shared/model';
import { LIMITS, MESSAGES, validatePostForm } from '@fit/shared/validation';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { isSessionOver } from '../../data/auth.ts';
import { useSessionUser, useStore } from '../../data/context.tsx';
import { newDocId } from '../../data/ids.ts';
import { beginSave, letGo, saveMeta } from '../../data/save.ts';
import { addPost } from '../../data/social.ts';

/** Every post is its own mutation under this key: the list shows those under way from the cache. */
export const SEND_POST = ['posts', 'add'] as const;

export type SendVars = { author: string; post: Post; id: string };

/** The Community Posts composer: the Post button or Enter sends. */
export function PostComposer(props: { uid: string | null; clock: () => number; onSent: () => void }) {
  const { uid, clock } = props;
  const store = useStore();
  // The server refuses posts of unverified accounts (email_verified): say so instead of failing.
  const unverified = useSessionUser()?.emailVerified === false;
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  // Each post is its own save; a refusal shows here while the composer is on screen, else in the frame.
  const client = useQueryClient();
  const send = useMutation({
    mutationKey: SEND_POST,
    mutationFn: (vars: SendVars) => addPost(store, vars.author, vars.post, vars.id),
    meta: saveMeta(ALERT_ADD_POST),
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
    if (!result.ok) return setFieldError(result.message);
    setText('');
    setFieldError(null);
    setFailed(false);
    props.onSent();
    send.mutate({ author: uid as string, post: result.value, id: newDocId() });
  }

  // Enter posts, Shift+Enter starts a new line.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const length = text.trim().length;
  const max = LIMITS.maxPostLength;

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFieldError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Write a post…"
          disabled={unverified}
          multiline
          maxRows={4}
          size="small"
          error={fieldError !== null || length > max}
          helperText={fieldError ?? (length > max - 100 ? `${length}/${max}` : undefined)}
          slotProps={{ htmlInput: { 'aria-label': 'Post message' } }}
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
          {ALERT_ADD_POST}
        </Alert>
      )}
    </Box>
  );
}
