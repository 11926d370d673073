/** One's own post or activity named in the address (`?post=` or `?activity=`): a notification opens its comments. */
import { isItemId } from '@fit/shared/doc-paths';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type SocialTarget, useEngagement, useItemExists } from '../../data/social.ts';
import { CommentsDialog } from './CommentsDialog.tsx';

const ITEMS = [
  { param: 'post', feed: 'feedPosts', label: 'your post', noun: 'post' },
  { param: 'activity', feed: 'feedActivities', label: 'your activity', noun: 'activity' },
] as const;

export function NotifiedItem({ uid }: { uid: string }) {
  const [params, setParams] = useSearchParams();
  const item = ITEMS.find((i) => params.get(i.param));
  if (!item) return null;
  const target = { feed: item.feed, owner: uid, id: params.get(item.param) ?? '' };
  const close = () =>
    setParams(
      (p) => {
        p.delete(item.param);
        return p;
      },
      { replace: true },
    );
  // Only ids the app writes (auto, import and demo ids); anything else (a path, `__x__`) is never read.
  if (!isItemId(target.id)) return <ItemGone noun={item.noun} onClose={close} />;
  return <ItemComments key={target.id} target={target} label={item.label} noun={item.noun} onClose={close} />;
}

function ItemComments(props: { target: SocialTarget; label: string; noun: string; onClose: () => void }) {
  const { feed, owner, id } = props.target;
  // Deleted since the notification, or someone else's link: the rules would refuse a comment.
  const exists = useItemExists(props.target);
  // The item may be older than the feed's page, so its counts are read on their own (not once gone).
  const key = `${owner}_${id}`;
  const stats = useEngagement(feed, exists.data === false ? [] : [key]).data?.get(key) ?? null;
  if (exists.data === false) return <ItemGone noun={props.noun} onClose={props.onClose} />;
  // A failed read opens the comments as before: they say so themselves, and the rules decide.
  if (exists.isPending) return null;
  return <CommentsDialog target={props.target} stats={stats} label={props.label} onClose={props.onClose} />;
}

function ItemGone(props: { noun: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Kudos and comments</DialogTitle>
      <DialogContent>
        <DialogContentText>This {props.noun} is not there. It may have been deleted.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
