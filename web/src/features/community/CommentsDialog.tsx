/** One item's kudos and comments (live while open), a composer; deletable by writer or item author. */
import type { Engagement } from '@fit/shared/model';
import { MESSAGES, validateCommentForm } from '@fit/shared/validation';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ShownName } from '../../components/ShownText.tsx';
import { useSessionUser } from '../../data/context.tsx';
import { useDataScope } from '../../data/queries.ts';
import {
  addComment,
  deleteComment,
  type ShownComment,
  type SocialTarget,
  useComments,
} from '../../data/social.ts';
import { UserAvatar } from './bits.tsx';
import { MessageText } from './MessageText.tsx';
import { socialFailure, useMyName } from './social-state.ts';

const COMMENT_FAILED = 'Could not save your comment. Please try again.';
const DELETE_FAILED = 'Could not delete the comment. Please try again.';
const LOAD_FAILED = 'Could not load the comments. Please try again.';

function kudosLine(stats: Engagement | null): string {
  if (!stats || stats.kudos === 0) return 'No kudos yet.';
  const names = stats.kudosBy.map((k) => k.userName);
  const more = stats.kudos - names.length;
  return `Kudos from ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

export function CommentsDialog(props: {
  target: SocialTarget;
  stats: Engagement | null;
  label: string;
  onClose: () => void;
}) {
  const { target } = props;
  const { store, uid } = useDataScope();
  const verified = useSessionUser()?.emailVerified !== false;
  const myName = useMyName();
  const titleId = useId();
  const comments = useComments(target, true);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (c: { message: string; timestamp: number }) =>
      addComment(store, uid, await myName(), target, c),
    onSuccess: () => setText(''),
  });
  const remove = useMutation({ mutationFn: (c: ShownComment) => deleteComment(store, target, c.id) });

  function submit() {
    const v = validateCommentForm({ message: text, userId: uid, timestamp: Date.now() });
    setFieldError(v.ok ? null : v.message);
    if (v.ok) send.mutate(v.value);
  }

  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Kudos and comments</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          On {props.label}. {kudosLine(props.stats)}
        </Typography>
        {comments.isError && <Alert severity="error">{LOAD_FAILED}</Alert>}
        {comments.data?.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', my: 2 }}>
            No comments yet.
          </Typography>
        )}
        <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {comments.data?.map((c) => (
            <Stack component="li" key={c.id} direction="row" sx={{ gap: 1, py: 1, alignItems: 'flex-start' }}>
              <UserAvatar uid={c.uid} name={c.userName} size={28} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  <ShownName name={c.userName} />
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <MessageText message={c.message} />
                </Typography>
              </Box>
              {(c.uid === uid || target.owner === uid) && !c.pending && (
                <IconButton
                  size="small"
                  aria-label={`Delete comment by ${c.userName}`}
                  onClick={() => remove.mutate(c)}
                  disabled={remove.isPending}
                  sx={{ color: 'text.secondary' }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
        </Box>
        {remove.isError && <Alert severity="error">{DELETE_FAILED}</Alert>}
        {send.isError && <Alert severity="error">{socialFailure(send.error, COMMENT_FAILED)}</Alert>}
        {verified ? (
          <TextField
            value={text}
            onChange={(e) => setText(e.target.value)}
            label="Add a comment"
            multiline
            maxRows={4}
            fullWidth
            size="small"
            sx={{ mt: 2 }}
            error={fieldError !== null}
            helperText={fieldError ?? undefined}
          />
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            {MESSAGES.socialUnverified}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>Close</Button>
        {verified && (
          <Button variant="contained" onClick={submit} disabled={send.isPending}>
            Comment
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
