/** Follow / Unfollow as a button (the profile page); a refusal is said under it. */
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFollowing, useFollowSave } from '../data/follow-hooks.ts';

export function FollowButton({ uid, name }: { uid: string; name: string }) {
  const following = useFollowing();
  const { followSave, unfollowSave } = useFollowSave(uid);
  const follows = following.data?.includes(uid) ?? false;
  const busy = followSave.busy || unfollowSave.busy;
  const status = followSave.status ?? unfollowSave.status;
  return (
    <Stack sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <Button
        variant={follows ? 'outlined' : 'contained'}
        startIcon={follows ? <PersonRemoveOutlined /> : <PersonAddAlt1Outlined />}
        disabled={following.data === undefined || busy}
        aria-label={`${follows ? 'Unfollow' : 'Follow'} ${name}`}
        onClick={() => {
          followSave.setStatus(null);
          unfollowSave.setStatus(null);
          (follows ? unfollowSave : followSave).run();
        }}
      >
        {follows ? 'Unfollow' : 'Follow'}
      </Button>
      {status && (
        <Alert severity={status.kind} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}
    </Stack>
  );
}
