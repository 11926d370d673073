/** Follow / Unfollow as a button (the profile page); a refusal is said under it. */
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFollowSave, useFollows } from '../data/follow-hooks.ts';
import { StatusAlert } from './StatusAlert.tsx';

/** Whether one follows `uid`, and Follow / Unfollow as one toggle (the last outcome cleared first). */
export function useFollowToggle(uid: string) {
  const known = useFollows(uid);
  const { followSave, unfollowSave } = useFollowSave(uid);
  const follows = known ?? false;
  const busy = followSave.busy || unfollowSave.busy;
  const clear = () => {
    followSave.setStatus(null);
    unfollowSave.setStatus(null);
  };
  return {
    follows,
    busy,
    disabled: known === undefined || busy,
    status: followSave.status ?? unfollowSave.status,
    clear,
    toggle: () => {
      clear();
      (follows ? unfollowSave : followSave).run();
    },
  };
}

export function FollowButton({ uid, name }: { uid: string; name: string }) {
  const { follows, disabled, status, toggle } = useFollowToggle(uid);
  return (
    <Stack sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <Button
        variant={follows ? 'outlined' : 'contained'}
        startIcon={follows ? <PersonRemoveOutlined /> : <PersonAddAlt1Outlined />}
        disabled={disabled}
        aria-label={`${follows ? 'Unfollow' : 'Follow'} ${name}`}
        onClick={toggle}
      >
        {follows ? 'Unfollow' : 'Follow'}
      </Button>
      <StatusAlert status={status} />
    </Stack>
  );
}
