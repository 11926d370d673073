/** The top bar's bell: the unread count, and the newest notifications (listened to only while open). */
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataScope } from '../data/queries.ts';
import {
  markRead,
  type ShownNotification,
  UNREAD_COUNTED,
  useNotifications,
  useUnreadNotifications,
} from '../data/social.ts';

function describe(n: ShownNotification): string {
  const what = n.feed === 'feedActivities' ? 'your activity' : 'your post';
  if (n.kind === 'kudos') return `${n.fromName} gave kudos on ${what}`;
  if (n.kind === 'comment') return `${n.fromName} commented on ${what}: ${n.preview ?? ''}`;
  return `${n.fromName} started following you`;
}

/** A new follower's profile; the comments of the item a kudos or comment is on. */
function targetOf(n: ShownNotification, uid: string): string {
  if (n.kind === 'follow') return `/people/${encodeURIComponent(n.from)}`;
  const id = n.itemId?.startsWith(`${uid}_`) ? n.itemId.slice(uid.length + 1) : '';
  const param = n.feed === 'feedActivities' ? 'activity' : 'post';
  return id ? `/community?${new URLSearchParams({ [param]: id })}` : '/community';
}

export function NotificationsButton() {
  const { store, uid } = useDataScope();
  const navigate = useNavigate();
  const menuId = useId();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const unread = useUnreadNotifications().data ?? [];
  const list = useNotifications(anchor !== null);
  const mark = useMutation({ mutationFn: (ids: string[]) => markRead(store, uid, ids) });
  const count = unread.length;
  const shownCount = count >= UNREAD_COUNTED ? `${UNREAD_COUNTED - 1}+` : String(count);

  function open(n: ShownNotification) {
    if (!n.read) mark.mutate([n.id]);
    setAnchor(null);
    navigate(targetOf(n, uid));
  }

  return (
    <>
      <IconButton
        aria-label={count > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ color: 'text.primary' }}
      >
        <Badge badgeContent={count > 0 ? shownCount : undefined} color="error" data-testid="unread-count">
          <NotificationsNone />
        </Badge>
      </IconButton>
      <Popover
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: { xs: 320, sm: 380 }, maxWidth: '92vw', maxHeight: '70vh' },
          },
        }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={titleId} ref={heading} tabIndex={-1} variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button
            size="small"
            disabled={count === 0 || mark.isPending}
            onClick={() => {
              // The button is disabled once nothing is unread: the heading keeps the focus in the popup.
              heading.current?.focus();
              mark.mutate(unread.map((n) => n.id));
            }}
          >
            Mark all as read
          </Button>
        </Stack>
        <Divider />
        {list.data?.length === 0 && (
          <Typography variant="body2" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
            No notifications yet.
          </Typography>
        )}
        <List dense aria-labelledby={titleId} sx={{ py: 0 }}>
          {list.data?.map((n) => (
            <ListItem key={n.id} disablePadding data-unread={n.read ? undefined : 'true'}>
              <ListItemButton onClick={() => open(n)}>
                <ListItemText
                  primary={describe(n)}
                  secondary={n.read ? undefined : 'Unread'}
                  slotProps={{
                    primary: { sx: { fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {mark.isError && (
          <Typography role="alert" variant="body2" sx={{ px: 2, py: 1, color: 'error.main' }}>
            Could not mark as read. Please try again.
          </Typography>
        )}
      </Popover>
    </>
  );
}
